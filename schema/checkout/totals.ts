import { BGN_PER_EUR, bgnToEurCents, levForInformation } from '../money/currency.ts';
import { paymentMethodByCode, shippingMethodByCode } from './methods.ts';

/**
 * The one totals function: the server's cart totals, the offline cart's and the order's are all this, so online and
 * offline never disagree. Every figure is an integer in euro cents: a unit price in euro is the lev price converted
 * per unit (half-up), a line is that times its quantity, the order is the sum of its lines, shipping (once per order,
 * never per line), the payment fee, less the discount. Prices include Bulgarian VAT (20%): the tax segment is the
 * VAT part of the grand total, grand × 20/120, half-up.
 */

export const VAT_RATE_PERCENT = 20;
/** The fixed conversion rate, as the order keeps it beside its figures. */
export const EUR_RATE = BGN_PER_EUR.numerator / BGN_PER_EUR.denominator;

export type TotalSegmentCode = 'subtotal' | 'discount' | 'shipping' | 'payment' | 'tax' | 'grand_total';

export interface CheckoutTotalsInput {
  lines: readonly { qty: number; unitPriceInclTaxEur: number }[];
  shipping?: string;
  payment?: string;
  /** The coupon's discount, a positive amount of euro cents (capped at the subtotal). */
  discountEur?: number;
}

export interface CheckoutTotals {
  subtotalInclTaxEur: number;
  discountEur: number;
  shippingEur: number;
  paymentEur: number;
  taxEur: number;
  grandTotalEur: number;
  /** The grand total in leva (stotinki) for reference: the order is charged in euro. */
  grandTotalBgn: number;
  rate: number;
  segments: { code: TotalSegmentCode; valueEur: number }[];
}

/** A unit price in euro cents from the catalogue's lev price in stotinki (half-up, per unit). */
export const unitPriceEurOf = (unitPriceInclTaxStotinki: number): number => bgnToEurCents(unitPriceInclTaxStotinki);

/** Euro cents -> stotinki, half-up (the reference figure only): schema/money's one rule. */
export const eurToBgnStotinki = levForInformation;

/** The VAT inside a price that includes it: amount × rate / (100 + rate), half-up, in integers. */
export const vatPartOf = (inclTax: number): number => {
  const denominator = 100 + VAT_RATE_PERCENT;
  const scaled = inclTax * VAT_RATE_PERCENT;
  const whole = Math.floor(scaled / denominator);
  return (scaled - whole * denominator) * 2 >= denominator ? whole + 1 : whole;
};

export const checkoutTotals = ({ lines, shipping, payment, discountEur = 0 }: CheckoutTotalsInput): CheckoutTotals => {
  const subtotalInclTaxEur = lines.reduce((sum, line) => sum + line.unitPriceInclTaxEur * line.qty, 0);
  const discount = Math.min(Math.max(0, Math.round(discountEur)), subtotalInclTaxEur);
  // An empty cart ships nothing.
  const shippingEur = lines.length > 0 && shipping ? (shippingMethodByCode(shipping)?.priceInclTaxEur ?? 0) : 0;
  const paymentEur = payment ? (paymentMethodByCode(payment)?.costInclTaxEur ?? 0) : 0;
  const grandTotalEur = subtotalInclTaxEur - discount + shippingEur + paymentEur;
  const taxEur = vatPartOf(grandTotalEur);
  return {
    subtotalInclTaxEur,
    discountEur: discount,
    shippingEur,
    paymentEur,
    taxEur,
    grandTotalEur,
    grandTotalBgn: eurToBgnStotinki(grandTotalEur),
    rate: EUR_RATE,
    segments: [
      { code: 'subtotal', valueEur: subtotalInclTaxEur },
      { code: 'discount', valueEur: discount === 0 ? 0 : -discount },
      { code: 'shipping', valueEur: shippingEur },
      { code: 'payment', valueEur: paymentEur },
      { code: 'tax', valueEur: taxEur },
      { code: 'grand_total', valueEur: grandTotalEur },
    ],
  };
};
