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
/** A euro figure's text and its leva's (null where the shop shows euro only), as EuroPrice writes them. */
export function useEuroFigures(cents: number): { primary: string; secondary: string | null } {
  const { locale } = useT();
  return PRICE_DISPLAY === 'EUR-only'
    ? { primary: formatEur(cents, locale), secondary: null }
    : formatDualEuro(cents, PRICE_DISPLAY, locale);
}

export function EuroPrice({ cents, size = 'md', className }: EuroPriceProps) {
  const { primary, secondary } = useEuroFigures(cents);
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <span className="price__primary">{primary}</span>
      {secondary && <span className="price__secondary">{secondary}</span>}
    </span>
  );
}
