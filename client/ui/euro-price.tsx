import { formatDualEuro, formatEur } from '../../schema/money/currency.ts';
import { PRICE_DISPLAY } from '../lib/shop-settings.ts';
import { useT } from '../i18n/use-t.tsx';

interface EuroPriceProps {
  /** Amount in euro cents, VAT included: a figure the order charges (schema/checkout/totals.ts). */
  cents: number;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A euro figure charged (a line total, a cart total), with leva beside it for information: always this euro figure's
 * own leva (formatDualEuro), so no lev figure on a page contradicts another. A negative figure is a discount.
 */
export function EuroPrice({ cents, size = 'md', className }: EuroPriceProps) {
  const { locale } = useT();
  const { primary, secondary } =
    PRICE_DISPLAY === 'EUR-only'
      ? { primary: formatEur(cents, locale), secondary: null }
      : formatDualEuro(cents, PRICE_DISPLAY, locale);
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className="price__primary">{primary}</span>
      {secondary && <span className="price__secondary">{secondary}</span>}
    </span>
  );
}
