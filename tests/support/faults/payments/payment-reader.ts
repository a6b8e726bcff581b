import type { Query } from '../store-reader.ts';
import type { PaymentObservation } from './payment-oracle.ts';
import type { SimCharge } from './psp-world.ts';

/**
 * The payment side of a run's observation: the run's orders paid online as the store holds them (SQL), and the
 * simulators' charges attributed to them by what each charge carries: the attempt's id (PayPal's custom_id, the
 * creditor's Idempotency-Key), else the provider's reference of an attempt (BORICA's ORDER, which the store made),
 * else the order's number (PayPal's invoice_id). Charges of other runs' orders attribute to none and are left out.
 */
export const readPayments = async (
  query: Query,
  owners: readonly string[],
  charges: readonly SimCharge[],
): Promise<PaymentObservation> => {
  const orders = await query<{
    order_id: string;
    owner: string;
    order_number: string;
    provider: string;
    status: string;
  }>(
    `SELECT order_id::text, owner, order_number, doc -> 'payment' ->> 'provider' AS provider,
            doc -> 'payment' ->> 'status' AS status
     FROM orders WHERE owner = ANY($1::text[]) AND doc -> 'payment' IS NOT NULL`,
    [owners],
  );
  const attempts = await query<{ attempt_id: string; order_id: string; provider: string; provider_ref: string }>(
    `SELECT attempt_id::text, order_id::text, provider, provider_ref FROM payment_attempts WHERE order_id = ANY($1::uuid[])`,
    [orders.map((o) => o.order_id)],
  );
  const byAttempt = new Map(attempts.map((a) => [a.attempt_id, a.order_id]));
  const byRef = new Map(
    attempts.filter((a) => a.provider_ref).map((a) => [`${a.provider} ${a.provider_ref}`, a.order_id]),
  );
  const byNumber = new Map(orders.map((o) => [o.order_number, o.order_id]));
  const orderOf = (charge: SimCharge): string | undefined =>
    (charge.attemptId && byAttempt.get(charge.attemptId)) ||
    byRef.get(`${charge.provider} ${charge.ref}`) ||
    (charge.orderNumber && byNumber.get(charge.orderNumber)) ||
    undefined;
  return {
    orders: orders.map((o) => ({
      orderId: o.order_id,
      owner: o.owner,
      orderNumber: o.order_number,
      provider: o.provider,
      status: o.status,
    })),
    charges: charges.flatMap((c) => {
      const orderId = orderOf(c);
      return orderId ? [{ orderId, provider: c.provider, ref: c.ref }] : [];
    }),
  };
};
