import { formatPrice } from '../../schema/catalog/rules/format-price.ts';
import { PRICE_DISPLAY } from '../lib/shop-settings.ts';
import { useT } from '../i18n/use-t.tsx';

interface PriceProps {
  /** Amount in stotinki, VAT included. */
  amount: number;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A price in the shop's primary currency with the other beside it (or euro only), formatted for the
 * interface language; a zero or missing price reads "price coming soon" (the spec's 'Negotiable').
 */
export function Price({ amount, size = 'md', className }: PriceProps) {
  const { t, locale } = useT();
  const formatted = formatPrice(amount, PRICE_DISPLAY, locale);
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ');
  if (formatted.kind === 'negotiable') {
    return <span className={`${classes} price-unknown`}>{t('catalog.priceUnknown')}</span>;
  }
  return (
    <span className={classes}>
      <span className="price__primary">{formatted.primary}</span>
      {formatted.secondary && <span className="price__secondary">{formatted.secondary}</span>}
    </span>
  );
}
