import type { QuantityTier } from '../../../schema/catalog/rules/tier-price.ts';
import { Price } from '../../ui/price.tsx';
import { useT } from '../../i18n/use-t.tsx';
import './product-page.css';

/** The customer group's lower unit prices for more units, under the page's price ("от 5 бр.: 1 234,00 лв."). */
export function ProductTierHint({ tiers }: { tiers: readonly QuantityTier[] }) {
  const { t } = useT();
  if (tiers.length === 0) return null;
  return (
    <div className="product-page__hint product-page__tiers" data-testid="tier-prices">
      <p className="product-page__tiers-heading">{t('tierPrices.heading')}</p>
      <ul className="product-page__tiers-list">
        {tiers.map((tier) => (
          <li key={tier.qty} data-qty={tier.qty}>
            {t('tierPrices.fromQty', { qty: tier.qty })} <Price amount={tier.unitPriceInclTax} />{' '}
            {t('tierPrices.perUnit')}
          </li>
        ))}
      </ul>
    </div>
  );
}
