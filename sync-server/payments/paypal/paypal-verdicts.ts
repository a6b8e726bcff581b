import type { AttemptVerdict, PaymentAttempt } from '../gateway.ts';
import { captureOf, type PayPalCapture, type PayPalOrder } from './paypal-answers.ts';
import { PayPalError } from './paypal-errors.ts';
import { centsOfValue } from './paypal-money.ts';

/**
 * What PayPal's answers mean for an attempt, as pure functions. The capture's OWN status decides (never the order's,
 * never the payer's return): PayPal marks an order COMPLETED even when its capture was declined.
 */

type Words = Readonly<Record<PaymentAttempt['language'], string>>;

/** PayPal gives no sentence for the shopper; these are the store's, in the shopper's language. */
const WORDS = {
  paid: { bg: 'PayPal: плащането е прието.', en: 'PayPal: the payment is complete.' },
  declined: {
    bg: 'PayPal отказа плащането. Опитайте отново или изберете друг начин на плащане.',
    en: 'PayPal declined the payment. Try again or choose another payment method.',
  },
  pending: { bg: 'PayPal още обработва плащането.', en: 'PayPal is still processing the payment.' },
  notApproved: { bg: 'Плащането в PayPal още не е одобрено.', en: 'The PayPal payment is not approved yet.' },
  voided: { bg: 'Поръчката в PayPal е анулирана.', en: 'The PayPal order was voided.' },
  duplicate: {
    bg: 'Тази поръчка вече е платена с друго плащане в PayPal.',
    en: 'This order is already paid by another PayPal payment.',
  },
} as const satisfies Record<string, Words>;

export const wordsFor = (key: keyof typeof WORDS, attempt: PaymentAttempt): string => WORDS[key][attempt.language];

/** The capture is for this attempt's money: the same euro amount (and this attempt, when PayPal echoes custom_id). */
const checkCapture = (attempt: PaymentAttempt, orderId: string, capture: PayPalCapture): void => {
  const cents = centsOfValue(capture.amount.value);
  if (capture.amount.currency_code !== 'EUR' || cents !== attempt.amountEur)
    throw new PayPalError(
      `PayPal capture ${capture.id} of order ${orderId} is ${capture.amount.value} ${capture.amount.currency_code}, ` +
        `the attempt ${attempt.attemptId} charges ${attempt.amountEur} euro cents`,
    );
  if (capture.custom_id !== undefined && capture.custom_id !== attempt.attemptId)
    throw new PayPalError(
      `PayPal capture ${capture.id} belongs to attempt ${capture.custom_id}, not ${attempt.attemptId}`,
    );
};

/** The order PayPal describes is the one this attempt made (its custom_id and amount). */
export const checkOrder = (attempt: PaymentAttempt, order: PayPalOrder): void => {
  const unit = order.purchase_units?.[0];
  if (unit?.custom_id !== undefined && unit.custom_id !== attempt.attemptId)
    throw new PayPalError(`PayPal order ${order.id} belongs to attempt ${unit.custom_id}, not ${attempt.attemptId}`);
  if (
    unit?.amount !== undefined &&
    (unit.amount.currency_code !== 'EUR' || centsOfValue(unit.amount.value) !== attempt.amountEur)
  )
    throw new PayPalError(`PayPal order ${order.id} is for ${unit.amount.value} ${unit.amount.currency_code}`);
};

/** A capture's verdict: COMPLETED (or since refunded) is paid, DECLINED/FAILED declined, PENDING pending. */
export const verdictOfCapture = (attempt: PaymentAttempt, orderId: string, capture: PayPalCapture): AttemptVerdict => {
  checkCapture(attempt, orderId, capture);
  switch (capture.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      // Money was taken; a refund since is the hub's record, not a reason to call the order unpaid.
      return { kind: 'paid', providerRef: orderId, settlementRef: capture.id, message: wordsFor('paid', attempt) };
    case 'DECLINED':
    case 'FAILED':
      return {
        kind: 'declined',
        providerRef: orderId,
        code: capture.status_details?.reason ?? capture.status,
        message: wordsFor('declined', attempt),
        retryable: true,
      };
    case 'PENDING':
      return {
        kind: 'pending',
        providerRef: orderId,
        code: capture.status_details?.reason ?? capture.status,
        message: wordsFor('pending', attempt),
      };
  }
};

/** A completed order is judged by its capture; one without a capture is an answer the store cannot read. */
export const verdictOfCompletedOrder = (attempt: PaymentAttempt, order: PayPalOrder): AttemptVerdict => {
  checkOrder(attempt, order);
  const capture = captureOf(order);
  if (!capture) throw new PayPalError(`PayPal order ${order.id} is ${order.status} without a capture`);
  return verdictOfCapture(attempt, order.id, capture);
};

/**
 * A capture refused with 422. ORDER_ALREADY_CAPTURED is not a refusal (the caller reads the order);
 * ORDER_NOT_APPROVED means the payer is not done. Every other issue is PayPal's "no": nothing was taken.
 */
export const verdictOfCaptureRefusal = (attempt: PaymentAttempt, orderId: string, issue: string): AttemptVerdict => {
  if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED')
    return { kind: 'pending', providerRef: orderId, code: issue, message: wordsFor('notApproved', attempt) };
  if (issue === 'DUPLICATE_INVOICE_ID')
    // Another attempt of this order was paid: this one must not be retried with PayPal.
    return {
      kind: 'declined',
      providerRef: orderId,
      code: issue,
      message: wordsFor('duplicate', attempt),
      retryable: false,
    };
  return {
    kind: 'declined',
    providerRef: orderId,
    code: issue,
    message: wordsFor('declined', attempt),
    retryable: true,
  };
};

/** An order not (yet) captured, as GET shows it. APPROVED is not here: it is captured, not judged. */
export const verdictOfOpenOrder = (attempt: PaymentAttempt, order: PayPalOrder): AttemptVerdict => {
  checkOrder(attempt, order);
  if (order.status === 'VOIDED')
    return {
      kind: 'declined',
      providerRef: order.id,
      code: 'VOIDED',
      message: wordsFor('voided', attempt),
      retryable: true,
    };
  return { kind: 'pending', providerRef: order.id, code: order.status, message: wordsFor('notApproved', attempt) };
};
