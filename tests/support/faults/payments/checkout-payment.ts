import { lowestMonthlyOffer, type CreditDetailsInput } from '../../../../schema/credit/index.ts';
import type { PaymentMethodCode } from '../../../../schema/checkout/methods.ts';
import { checkoutTotals } from '../../../../schema/checkout/totals.ts';
import { CREDIT_APPLICANT } from '../../credit-applicant.ts';

/**
 * The checkout's payment details for a method, as the checkout's payment step fills them: credit needs the
 * calculator's terms for the order's total (the provider with the lowest instalment, no down payment), with an
 * applicant the test creditor approves at once (simulators/credit/decide.ts); a total no provider lends for is paid
 * by card, as a shopper shown no credit offer would.
 */
export const paymentDetailsOf = (
  method: PaymentMethodCode,
  lines: readonly { sku: string; qty: number; unitPriceInclTaxEur: number }[],
): { paymentMethod: PaymentMethodCode; credit?: CreditDetailsInput } => {
  if (method !== 'credit') return { paymentMethod: method };
  const total = checkoutTotals({ lines: [...lines], shipping: 'courier', payment: 'credit' }).grandTotalEur;
  const best = lowestMonthlyOffer(total);
  if (!best) return { paymentMethod: 'card' };
  return {
    paymentMethod: 'credit',
    credit: {
      creditProvider: best.provider,
      ...CREDIT_APPLICANT,
      firstAmount: 0,
      creditAmount: total,
      monthsNumber: best.offer.months,
      perMonth: best.offer.perMonthEur,
      GLP: best.offer.glp,
      GPR: best.offer.gpr,
    },
  };
};
