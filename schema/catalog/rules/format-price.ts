import { bgnToEurCents, formatBgn, formatEur } from '../../money/currency.ts';
import { DEFAULT_PRICE_DISPLAY, type PriceDisplay } from './price-display.ts';

/**
 * A price ready to show. 'negotiable' carries no text: the view translates it ('Negotiable' in the spec's
 * English dictionary, 'очаква се' on the Bulgarian tile). `secondary` is null when the setting shows one currency.
 */
export type FormattedPrice =
  | { readonly kind: 'negotiable' }
  | { readonly kind: 'amount'; readonly primary: string; readonly secondary: string | null };

/** Spec section 5: "'Negotiable' for null or zero price". */
export const isNegotiable = (stotinki: number | null | undefined): stotinki is null | undefined | 0 =>
  stotinki === null || stotinki === undefined || stotinki === 0;

/**
 * Spec sections 5 and 9: "2 decimals, 'Negotiable' for null or zero price, a minus sign for negatives", 'лв.' after
 * the amount; euro at the exact 1.95583, half-up to the cent (not the spec's truncated 1.9558).
 */
export const formatPrice = (
  stotinki: number | null | undefined,
  display: PriceDisplay = DEFAULT_PRICE_DISPLAY,
  locale = 'bg-BG',
): FormattedPrice => {
  if (isNegotiable(stotinki)) return { kind: 'negotiable' };
  const bgn = formatBgn(stotinki, locale);
  const eur = formatEur(bgnToEurCents(stotinki), locale);
  switch (display) {
    case 'BGN':
      return { kind: 'amount', primary: bgn, secondary: eur };
    case 'EUR':
      return { kind: 'amount', primary: eur, secondary: bgn };
    case 'EUR-only':
      return { kind: 'amount', primary: eur, secondary: null };
  }
};
