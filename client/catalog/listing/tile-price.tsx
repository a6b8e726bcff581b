import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { useCustomerGroup } from '../../store/index.ts';
import { Price } from '../../ui/price.tsx';
import { tilePricing, type TilePricing } from '../../../schema/catalog/tile/tile-pricing.ts';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

/**
 * A tile's price line for the current shopper: re-rendered with the new group's prices when someone logs in or
 * out (spec: "Login or logout reloads prices when price tiers are enabled").
 */
export function ShopperTilePrice({ product, now }: { product: CatalogProduct; now: Date }) {
  return <TilePrice pricing={tilePricing(product, now, useCustomerGroup())} />;
}

/**
 * A tile's price line: the special price with the original struck through, the customer group's price with the
 * regular one struck through, the regular price, or 'очаква се'.
 */
export function TilePrice({ pricing }: { pricing: TilePricing }) {
  const { t } = useT();
  if (pricing.kind === 'awaited') {
    return <span className="price-unknown listing-tile__awaited">{t('listing.priceAwaited')}</span>;
  }
  if (pricing.kind === 'regular') return <Price amount={pricing.amount} size="lg" />;
  const group = pricing.kind === 'group';
  return (
    <span className="listing-tile__sale" {...(group ? { 'data-price': 'group' } : {})}>
      <span className={group ? 'listing-tile__group-label' : 'visually-hidden'}>
        {group ? t('tierPrices.yourPrice') : t('listing.specialPrice')}
      </span>
      <Price amount={pricing.amount} size="lg" className="listing-tile__special" />
      <span className="visually-hidden">{t('listing.originalPrice')}</span>
      <del className="listing-tile__original">
        <Price amount={pricing.original} />
      </del>
    </span>
  );
}
