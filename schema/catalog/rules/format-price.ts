import { bgnToEurCents, formatEur, formatDualEuro } from '../../money/currency.ts';
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
 * the amount; euro at the exact 1.95583, half-up to the cent (not the spec's truncated 1.9558); leva from that euro.
 */
export const formatPrice = (
  stotinki: number | null | undefined,
  display: PriceDisplay = DEFAULT_PRICE_DISPLAY,
  locale = 'bg-BG',
): FormattedPrice => {
  if (isNegotiable(stotinki)) return { kind: 'negotiable' };
  // Charged in euro per unit (half-up); the lev figure is that euro figure's (formatDualEuro), never the catalogue's
  // own, so a unit and its line in the cart read the same leva.
  const cents = bgnToEurCents(stotinki);
  if (display === 'EUR-only') return { kind: 'amount', primary: formatEur(cents, locale), secondary: null };
  return { kind: 'amount', ...formatDualEuro(cents, display, locale) };
};
