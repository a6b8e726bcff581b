import { lowestMonthlyOffer } from '../../../schema/credit/offers.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { formatHundredthsByHand } from '../../../schema/money/format-amount.ts';
import { EuroPrice, useEuroFigures } from '../../ui/euro-price.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { useT } from '../../i18n/use-t.tsx';
import './product-tables.css';

/** The content page with the credit providers' terms (generated catalogue: tools/catalog/cms-pages.ts). */
const CREDIT_TERMS_PATH = '/credit-terms';

/**
 * "From X a month" (BULGARIA.md "Consumer credit providers"): the lowest instalment any provider offers for the
 * product's euro price with no down payment, by the checkout's own calculator (schema/credit, pure and small), and
 * that provider's terms in a table with their totals. No provider is called from here. The first page's dictionary
 * texts only (the credit texts load with the checkout): the first page's JavaScript budget.
 */
export function CreditOffer({ priceInclTax }: { priceInclTax: number }) {
  const { t, locale } = useT();
  // The catalogue's price is in stotinki; credit is charged in euro, as the order is.
  const priceEur = bgnToEurCents(priceInclTax);
  const lowest = lowestMonthlyOffer(priceEur);
  const monthly = useEuroFigures(lowest?.offer.perMonthEur ?? 0);
  if (!lowest) return null;
  const { terms } = lowest;
  // By hand: a page's first Intl.NumberFormat loads the locale's number data, a long task on a phone.
  const percent = (value: number): string =>
    formatHundredthsByHand(value, locale) ??
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return (
    <details className="product-credit" data-testid="product-credit">
      {/* Two lines whatever the width (the figure, then its leva), the height credit-offer-place.tsx holds. */}
      <summary>
        <span className="product-credit__lines">
          <span>
            {t('product.credit.from')}{' '}
            <strong className="product-credit__monthly price__primary">{monthly.primary}</strong>{' '}
            {t('product.credit.perMonth')}
          </span>
          {monthly.secondary && <span className="price__secondary">{monthly.secondary}</span>}
        </span>
      </summary>
      <table className="product-credit__table">
        <caption className="visually-hidden">{t('product.credit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.credit.term')}</th>
            <th scope="col">{t('product.credit.monthly')}</th>
            <th scope="col">{t('product.credit.total')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.map((offer) => (
            <tr key={offer.months}>
              <th scope="row">{t('product.credit.months', { count: offer.months })}</th>
              <td>
                <EuroPrice cents={offer.perMonthEur} />
                {offer.lastInstalmentEur !== offer.perMonthEur && (
                  <span className="product-credit__last" data-testid="credit-last-instalment">
                    {' '}
                    {t('product.credit.last')} <EuroPrice cents={offer.lastInstalmentEur} />
                  </span>
                )}
              </td>
              <td>
                <EuroPrice cents={offer.totalEur} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="product-page__hint">
        {t('product.credit.note', { rate: percent(lowest.offer.glp), gpr: percent(lowest.offer.gpr) })}
      </p>
      <SpaLink href={CREDIT_TERMS_PATH} className="btn btn--secondary btn--sm">
        {t('product.credit.terms')}
      </SpaLink>
    </details>
  );
}
