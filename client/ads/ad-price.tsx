import type { AdPrice as Price } from '../../schema/ads/ad.ts';
import { useT } from '../i18n/use-t.tsx';
import { EuroPrice } from '../ui/euro-price.tsx';

/**
 * An ad's asking price as the store shows prices: euro with leva beside (or as the shop's price display says), or
 * "negotiable". The seller asked in euro; leva are converted at the fixed rate for reference.
 */
export function AdPrice({ price, size = 'md' }: { price: Price; size?: 'md' | 'lg' }) {
  const { t } = useT();
  if (price.kind === 'negotiable') return <span className={`price price--${size}`}>{t('ads.price.negotiable')}</span>;
  return <EuroPrice cents={price.cents} size={size} />;
}
