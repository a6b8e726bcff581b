import { creditOffered } from '../../../schema/credit/limits.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { PRICE_DISPLAY } from '../../lib/shop-settings.ts';

/**
 * The credit offer's place while its chunk loads (issue 29, item 14): as tall as the offer's closed summary
 * (its lines, the figure then its leva), and only for a price credit is offered for, so nothing below the price
 * moves when the offer arrives, or when none does.
 */
export function CreditOfferPlace({ priceInclTax }: { priceInclTax: number }) {
  if (!creditOffered(bgnToEurCents(priceInclTax))) return null;
  return (
    <div className="product-credit" aria-hidden="true">
      <div className="product-credit__place">
        <span className="product-credit__lines">
          <span>&nbsp;</span>
          {PRICE_DISPLAY !== 'EUR-only' && <span>&nbsp;</span>}
        </span>
      </div>
    </div>
  );
}
