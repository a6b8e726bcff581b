import { z } from 'zod';
import { paypalError, type SimAnswer } from './errors.ts';
import { centsOf } from './money.ts';
import { captureJson, refundJson } from './representation.ts';
import { nowIso, paypalId, type SimRefund, type SimState } from './state.ts';
import { amountSchema, invalid, notFound } from './validation.ts';

/** Payments v2: a capture read, refunded (in part or in full, never beyond what it took), a refund read. */

const refundSchema = z.looseObject({
  amount: amountSchema.optional(),
  invoice_id: z.string().max(127).optional(),
  note_to_payer: z.string().max(255).optional(),
});

export const getCapture = (state: SimState, base: string, id: string): SimAnswer => {
  const capture = state.captures.get(id);
  return capture ? { status: 200, body: captureJson(base, capture) } : notFound('capture');
};

export const refundCapture = (state: SimState, base: string, captureId: string, body: unknown): SimAnswer => {
  const capture = state.captures.get(captureId);
  if (!capture) return notFound('capture');
  const parsed = refundSchema.safeParse(body ?? {});
  if (!parsed.success) return invalid(body, parsed.error);
  if (capture.status === 'REFUNDED')
    return paypalError(422, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
    return paypalError(422, 'REFUND_NOT_ALLOWED', 'Only a completed capture can be refunded.');
  const left = capture.amountCents - capture.refundedCents;
  const asked = parsed.data.amount;
  const cents = asked === undefined ? left : centsOf(asked.value);
  if (cents === undefined)
    return paypalError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      '/amount/value',
    );
  if (asked !== undefined && asked.currency_code !== capture.currency)
    return paypalError(422, 'REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
  if (cents <= 0) return paypalError(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
  if (cents > left)
    return paypalError(
      422,
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  const refund: SimRefund = {
    id: paypalId(),
    captureId,
    amountCents: cents,
    currency: capture.currency,
    ...(parsed.data.note_to_payer === undefined ? {} : { noteToPayer: parsed.data.note_to_payer }),
    createTime: nowIso(),
  };
  capture.refundedCents += cents;
  capture.status = capture.refundedCents === capture.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.updateTime = refund.createTime;
  state.refunds.set(refund.id, refund);
  state.stats.refunds += 1;
  state.stats.refundedCents += cents;
  return { status: 201, body: refundJson(base, refund) };
};

export const getRefund = (state: SimState, base: string, id: string): SimAnswer => {
  const refund = state.refunds.get(id);
  return refund ? { status: 200, body: refundJson(base, refund) } : notFound('refund');
};
