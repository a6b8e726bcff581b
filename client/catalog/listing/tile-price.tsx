import { useTranslation } from 'react-i18next';
import { Price } from '../../ui/price.tsx';
import type { TilePricing } from './tile-pricing.ts';

/** A tile's price line: the special price with the original struck through, the regular price, or 'очаква се'. */
export function TilePrice({ pricing }: { pricing: TilePricing }) {
  const { t } = useTranslation();
  if (pricing.kind === 'awaited') {
    return <span className="price-unknown listing-tile__awaited">{t('listing.priceAwaited')}</span>;
  }
  if (pricing.kind === 'regular') return <Price amount={pricing.amount} size="lg" />;
  return (
    <span className="listing-tile__sale">
      <span className="visually-hidden">{t('listing.specialPrice')}</span>
      <Price amount={pricing.amount} size="lg" className="listing-tile__special" />
      <span className="visually-hidden">{t('listing.originalPrice')}</span>
      <del className="listing-tile__original">
        <Price amount={pricing.original} />
      </del>
    </span>
  );
}
