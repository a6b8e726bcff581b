import { z } from 'zod';
import { paypalError, type SimAnswer } from './errors.ts';
import { centsOf } from './money.ts';
import { orderJson } from './representation.ts';
import { nowIso, paypalId, type FundingOutcome, type SimCapture, type SimOrder, type SimState } from './state.ts';
import { amountSchema, invalid, notFound } from './validation.ts';

/** Orders v2 as the simulator plays them: the rules PayPal documents, on the in-memory state. */

/** PayPal takes these (among others); BGN never: a lev order must be charged in euro. */
const CURRENCIES = new Set(['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'CZK', 'HUF', 'SEK', 'DKK', 'NOK']);

const experienceSchema = z.looseObject({
  return_url: z.url().max(4000).optional(),
  cancel_url: z.url().max(4000).optional(),
  user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  brand_name: z.string().max(127).optional(),
});

const createSchema = z.looseObject({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().min(1).max(256).optional(),
        custom_id: z.string().max(127).optional(),
        invoice_id: z.string().max(127).optional(),
        description: z.string().max(127).optional(),
        amount: amountSchema,
      }),
    )
    .min(1)
    .max(1),
  payment_source: z
    .looseObject({ paypal: z.looseObject({ experience_context: experienceSchema.optional() }) })
    .optional(),
  application_context: experienceSchema.optional(),
});

export const createOrder = (state: SimState, base: string, body: unknown): SimAnswer => {
  const parsed = createSchema.safeParse(body);
  if (!parsed.success) return invalid(body, parsed.error);
  const unit = parsed.data.purchase_units[0];
  if (!unit) return paypalError(400, 'MISSING_REQUIRED_PARAMETER', 'A purchase unit is required.', '/purchase_units');
  const cents = centsOf(unit.amount.value);
  if (cents === undefined)
    return paypalError(
      400,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
      '/purchase_units/0/amount/value',
    );
  if (!CURRENCIES.has(unit.amount.currency_code))
    return paypalError(422, 'CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported.');
  if (cents <= 0) return paypalError(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
  const source = parsed.data.payment_source?.paypal;
  const experience = source?.experience_context ?? parsed.data.application_context;
  const now = nowIso();
  const order: SimOrder = {
    id: paypalId(),
    status: source === undefined ? 'CREATED' : 'PAYER_ACTION_REQUIRED',
    referenceId: unit.reference_id ?? 'default',
    ...(unit.custom_id === undefined ? {} : { customId: unit.custom_id }),
    ...(unit.invoice_id === undefined ? {} : { invoiceId: unit.invoice_id }),
    ...(unit.description === undefined ? {} : { description: unit.description }),
    amountCents: cents,
    currency: unit.amount.currency_code,
    ...(experience?.return_url === undefined ? {} : { returnUrl: experience.return_url }),
    ...(experience?.cancel_url === undefined ? {} : { cancelUrl: experience.cancel_url }),
    ...(experience?.locale === undefined ? {} : { locale: experience.locale }),
    withPaymentSource: source !== undefined,
    createTime: now,
    updateTime: now,
  };
  state.orders.set(order.id, order);
  state.stats.ordersCreated += 1;
  return { status: 201, body: orderJson(base, order) };
};

export const getOrder = (state: SimState, base: string, id: string): SimAnswer => {
  const order = state.orders.get(id);
  return order ? { status: 200, body: orderJson(base, order) } : notFound('order');
};

/** The approve page's "Одобри" (or /__sim/approve): the payer agrees; what their funding does is kept for capture. */
export const approveOrder = (
  state: SimState,
  id: string,
  outcome: FundingOutcome,
): { ok: true; order: SimOrder } | { ok: false; answer: SimAnswer } => {
  const order = state.orders.get(id);
  if (!order) return { ok: false, answer: notFound('order') };
  if (order.status === 'COMPLETED' || order.status === 'VOIDED')
    return { ok: false, answer: paypalError(422, 'ORDER_ALREADY_COMPLETED', 'The order cannot be approved again.') };
  order.status = 'APPROVED';
  order.payerId ??= paypalId().slice(0, 13);
  order.outcome = outcome;
  order.updateTime = nowIso();
  return { ok: true, order };
};

export const voidOrder = (state: SimState, id: string): SimAnswer => {
  const order = state.orders.get(id);
  if (!order) return notFound('order');
  if (order.status === 'COMPLETED') return paypalError(422, 'ORDER_ALREADY_COMPLETED', 'The order is completed.');
  order.status = 'VOIDED';
  order.updateTime = nowIso();
  return { status: 200, body: { id, status: order.status } };
};

const PAID: ReadonlySet<string> = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** Another order already paid under this invoice id (PayPal blocks a duplicate invoice id by default). */
const invoicePaidElsewhere = (state: SimState, order: SimOrder): boolean =>
  order.invoiceId !== undefined &&
  [...state.orders.values()].some(
    (other) =>
      other.id !== order.id &&
      other.invoiceId === order.invoiceId &&
      other.capture !== undefined &&
      PAID.has(other.capture.status),
  );

export const captureOrder = (state: SimState, base: string, id: string): SimAnswer => {
  const order = state.orders.get(id);
  if (!order) return notFound('order');
  state.stats.captureCalls += 1;
  if (order.capture !== undefined)
    return paypalError(
      422,
      'ORDER_ALREADY_CAPTURED',
      'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
    );
  if (order.status === 'VOIDED') return paypalError(422, 'ORDER_EXPIRED', 'The order has expired or was voided.');
  if (order.status !== 'APPROVED')
    return paypalError(
      422,
      'ORDER_NOT_APPROVED',
      'Payer has not yet approved the Order for payment. Please redirect the payer to the approve link.',
    );
  if (order.outcome === 'INSTRUMENT_DECLINED')
    return paypalError(
      422,
      'INSTRUMENT_DECLINED',
      "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
    );
  if (invoicePaidElsewhere(state, order))
    return paypalError(
      422,
      'DUPLICATE_INVOICE_ID',
      'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
    );
  const now = nowIso();
  const status = order.outcome === 'DECLINED' ? 'DECLINED' : order.outcome === 'PENDING' ? 'PENDING' : 'COMPLETED';
  const capture: SimCapture = {
    id: paypalId(),
    orderId: order.id,
    status,
    ...(status === 'PENDING' ? { reason: 'PENDING_REVIEW' } : {}),
    amountCents: order.amountCents,
    currency: order.currency,
    refundedCents: 0,
    ...(order.customId === undefined ? {} : { customId: order.customId }),
    ...(order.invoiceId === undefined ? {} : { invoiceId: order.invoiceId }),
    createTime: now,
    updateTime: now,
  };
  order.capture = capture;
  order.status = 'COMPLETED';
  order.updateTime = now;
  state.captures.set(capture.id, capture);
  if (status === 'COMPLETED') {
    state.stats.capturesCompleted += 1;
    state.stats.capturesByOrder[order.id] = (state.stats.capturesByOrder[order.id] ?? 0) + 1;
  }
  return { status: 201, body: orderJson(base, order) };
};

/**
 * PayPal finishing a PENDING capture later (a review, an eCheck clearing): COMPLETED takes the money, DECLINED does
 * not. Only a PENDING capture moves.
 */
export const settlePendingCapture = (state: SimState, orderId: string, to: 'COMPLETED' | 'DECLINED'): SimAnswer => {
  const capture = state.orders.get(orderId)?.capture;
  if (!capture) return notFound('order');
  if (capture.status !== 'PENDING')
    return paypalError(422, 'CAPTURE_STATUS_NOT_PENDING', `The capture is ${capture.status}.`);
  capture.status = to;
  delete capture.reason;
  capture.updateTime = nowIso();
  if (to === 'COMPLETED') {
    state.stats.capturesCompleted += 1;
    state.stats.capturesByOrder[orderId] = (state.stats.capturesByOrder[orderId] ?? 0) + 1;
  }
  return { status: 200, body: { id: capture.id, status: capture.status } };
};
