import { eurToBgnStotinki } from '../../schema/checkout/totals.ts';
import { formatBgn, formatEur } from '../../schema/money/currency.ts';
import { PRICE_DISPLAY } from '../lib/shop-settings.ts';
import { useT } from '../i18n/use-t.tsx';

interface EuroPriceProps {
  /** Amount in euro cents, VAT included: a figure the order charges (schema/checkout/totals.ts). */
  cents: number;
  /** The lev figure kept for reference (an order keeps its own); converted from `cents` when absent. */
  bgn?: number | undefined;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A euro figure charged (a line total, a cart total), with leva beside it for reference: shown as it is, never
 * converted back and forth, so what the cart shows is what the order charges. A negative figure is a discount.
 */
export function EuroPrice({ cents, bgn: keptBgn, size = 'md', className }: EuroPriceProps) {
  const { locale } = useT();
  const eur = formatEur(cents, locale);
  const bgn = PRICE_DISPLAY === 'EUR-only' ? null : formatBgn(keptBgn ?? eurToBgnStotinki(cents), locale);
  const [primary, secondary] = PRICE_DISPLAY === 'BGN' && bgn ? [bgn, eur] : [eur, bgn];
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className="price__primary">{primary}</span>
      {secondary && <span className="price__secondary">{secondary}</span>}
    </span>
  );
}
