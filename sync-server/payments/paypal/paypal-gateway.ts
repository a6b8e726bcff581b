import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AttemptVerdict, PaymentAttempt, PaymentGateway, RefundVerdict } from '../gateway.ts';
import { createPayPalApi, type PayPalAnswer } from './paypal-api.ts';
import { approveLinkOf, issueOf, orderAnswerSchema, refundAnswerSchema, type PayPalOrder } from './paypal-answers.ts';
import type { PayPalConfig } from './paypal-config.ts';
import { PayPalError } from './paypal-errors.ts';
import { centsOfValue, eurValueOf } from './paypal-money.ts';
import { checkOrder, verdictOfCaptureRefusal, verdictOfCompletedOrder, verdictOfOpenOrder } from './paypal-verdicts.ts';

/** Where PayPal sends the shopper back; the hub serves both routes. */
export const PAYPAL_RETURN_PATH = '/api/payments/paypal/return';
export const PAYPAL_CANCEL_PATH = '/api/payments/paypal/cancel';

/**
 * The attempt's cancel secret: HMAC-SHA256 of its id under the REST app's secret, so every instance of the store
 * computes the same one without storing it, and a repeated create (same PayPal-Request-Id) names the same URL.
 */
const cancelKeyOf = (config: PayPalConfig, attemptId: string): string =>
  createHmac('sha256', config.PAYPAL_SECRET).update(`cancel:${attemptId}`).digest('base64url');

const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

const parseOrder = (what: string, answer: PayPalAnswer): PayPalOrder => {
  const parsed = orderAnswerSchema.safeParse(answer.body);
  if (!parsed.success)
    throw new PayPalError(`PayPal ${what}: ${answer.status} with an order it cannot read`, answer.status);
  return parsed.data;
};

/** An answer none of the cases expects (400, 403, an unknown 4xx): nothing is concluded from it. */
const unexpected = (what: string, answer: PayPalAnswer): PayPalError => {
  const issue = issueOf(answer.body);
  return new PayPalError(
    `PayPal ${what}: ${answer.status} ${issue?.issue ?? ''}`.trim(),
    answer.status,
    issue?.issue,
    issue?.debugId,
  );
};

/**
 * PayPal Orders v2 behind the payments hub's gateway contract (sync-server/payments/gateway.ts). Every POST carries a
 * PayPal-Request-Id derived from the attempt (create: the attempt id; capture: `capture-<attempt id>`; refund:
 * `refund-<refund id>`), so however often the hub repeats a call, PayPal makes one order, one capture, one refund.
 */
export const createPayPalGateway = (config: PayPalConfig, fetchFn: typeof fetch = fetch): PaymentGateway => {
  const api = createPayPalApi(config, fetchFn);

  const createBody = (attempt: PaymentAttempt) => ({
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: attempt.orderNumber,
        custom_id: attempt.attemptId,
        invoice_id: attempt.orderNumber,
        description: attempt.description.slice(0, 127),
        amount: { currency_code: 'EUR', value: eurValueOf(attempt.amountEur) },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: `${config.PAYPAL_RETURN_BASE}${PAYPAL_RETURN_PATH}`,
          // PayPal adds its `token` to this URL; the key says the cancel is this attempt's payer's.
          cancel_url: `${config.PAYPAL_RETURN_BASE}${PAYPAL_CANCEL_PATH}?key=${cancelKeyOf(config, attempt.attemptId)}`,
          user_action: 'PAY_NOW',
          locale: attempt.language === 'bg' ? 'bg-BG' : 'en-US',
          shipping_preference: 'NO_SHIPPING',
        },
      },
    },
  });

  /** Creates the attempt's PayPal order, or, repeated, gets the first answer back (the same order). */
  const create = async (attempt: PaymentAttempt): Promise<PayPalOrder> => {
    const answer = await api.post('/v2/checkout/orders', createBody(attempt), attempt.attemptId);
    if (answer.status !== 200 && answer.status !== 201) throw unexpected('create order', answer);
    return parseOrder('create order', answer);
  };

  /** The attempt's PayPal order id: stored by the hub, or learnt by repeating the create (same Request-Id). */
  const orderIdOf = async (attempt: PaymentAttempt): Promise<string> =>
    attempt.providerRef === '' ? (await create(attempt)).id : attempt.providerRef;

  const getOrder = async (attempt: PaymentAttempt, id: string): Promise<PayPalOrder | undefined> => {
    const answer = await api.get(orderPath(id));
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw unexpected('get order', answer);
    const order = parseOrder('get order', answer);
    if (order.id !== id) throw new PayPalError(`PayPal get order: asked ${id}, answered ${order.id}`);
    checkOrder(attempt, order);
    return order;
  };

  /** The capture decides: made once per attempt (its Request-Id), its own status read from the answer. */
  const capture = async (attempt: PaymentAttempt, id: string): Promise<AttemptVerdict> => {
    const answer = await api.post(`${orderPath(id)}/capture`, {}, `capture-${attempt.attemptId}`);
    if (answer.status === 200 || answer.status === 201)
      return verdictOfCompletedOrder(attempt, parseOrder('capture', answer));
    if (answer.status === 404) return { kind: 'unknown', providerRef: id };
    const issue = issueOf(answer.body)?.issue;
    if (answer.status !== 422 || issue === undefined) throw unexpected('capture', answer);
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      // Captured by another call (another Request-Id, or one PayPal no longer remembers): read that capture.
      const order = await getOrder(attempt, id);
      if (!order) throw new PayPalError(`PayPal order ${id} was captured but is not found`);
      return verdictOfCompletedOrder(attempt, order);
    }
    return verdictOfCaptureRefusal(attempt, id, issue);
  };

  /**
   * What the order's state means, capturing it when the payer approved it. The order is read before any capture:
   * a capture refused as not approved would be PayPal's answer to `capture-<attempt id>` for hours (the Request-Id
   * replays it), so the attempt could never be captured once the payer approves.
   */
  const judge = async (attempt: PaymentAttempt, id: string): Promise<AttemptVerdict> => {
    const order = await getOrder(attempt, id);
    if (!order) return { kind: 'unknown', providerRef: id };
    if (order.status === 'APPROVED') return capture(attempt, id);
    if (order.status === 'COMPLETED') return verdictOfCompletedOrder(attempt, order);
    return verdictOfOpenOrder(attempt, order);
  };

  return {
    provider: 'paypal',

    async begin(attempt) {
      const order = await create(attempt);
      const url = approveLinkOf(order);
      if (url === undefined)
        throw new PayPalError(`PayPal create order: order ${order.id} came without an approve link`);
      return { step: { kind: 'redirect', url }, providerRef: order.id };
    },

    referenceOf: (answer) => {
      const token = answer['token'];
      return token !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(token) ? token : undefined;
    },

    isOwnCancel(attempt, answer) {
      const given = Buffer.from(answer['key'] ?? '');
      const expected = Buffer.from(cancelKeyOf(config, attempt.attemptId));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async settleReturn(attempt) {
      const id = await orderIdOf(attempt);
      // Nothing in the browser's answer is believed (a token, a PayerID, the cancel route alike): PayPal is asked
      // about the attempt's own order, and an approved one is captured. A token naming another order is ignored.
      return judge(attempt, id);
    },

    async status(attempt) {
      return judge(attempt, await orderIdOf(attempt));
    },

    async refund(attempt, settlementRef, amountEur, refundId): Promise<RefundVerdict> {
      if (!Number.isSafeInteger(amountEur) || amountEur <= 0 || amountEur > attempt.amountEur)
        return {
          kind: 'refused',
          code: 'INVALID_AMOUNT',
          message: `cannot refund ${amountEur} of ${attempt.amountEur}`,
        };
      const answer = await api.post(
        `/v2/payments/captures/${encodeURIComponent(settlementRef)}/refund`,
        {
          amount: { currency_code: 'EUR', value: eurValueOf(amountEur) },
          note_to_payer: `Поръчка ${attempt.orderNumber}`.slice(0, 255),
        },
        `refund-${refundId}`,
      );
      if (answer.status === 200 || answer.status === 201) {
        const parsed = refundAnswerSchema.safeParse(answer.body);
        if (!parsed.success) throw new PayPalError(`PayPal refund: ${answer.status} with a refund it cannot read`);
        const refund = parsed.data;
        if (refund.status === 'CANCELLED' || refund.status === 'FAILED')
          return { kind: 'refused', code: refund.status, message: `PayPal refund ${refund.id} ${refund.status}` };
        const refunded = refund.amount === undefined ? amountEur : centsOfValue(refund.amount.value);
        if (refunded !== amountEur || (refund.amount !== undefined && refund.amount.currency_code !== 'EUR'))
          throw new PayPalError(
            `PayPal refund ${refund.id} is ${refund.amount?.value}, asked ${eurValueOf(amountEur)}`,
          );
        // PENDING: PayPal took the refund and completes it on its side (an eCheck, a held balance).
        return { kind: 'refunded', refundRef: refund.id, amountEur: refunded };
      }
      const issue = issueOf(answer.body);
      if ((answer.status === 404 || answer.status === 422 || answer.status === 400) && issue)
        return { kind: 'refused', code: issue.issue, message: issue.description };
      throw unexpected('refund', answer);
    },
  };
};
