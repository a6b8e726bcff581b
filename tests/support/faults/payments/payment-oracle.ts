/**
 * The fault harness's payment properties, pure like the rest of the oracle (oracle.ts calls them): what the payment
 * providers' simulators recorded as money taken, against what the store says of its orders, once the faults have
 * healed and the reconciler has had its rounds.
 * - double-charge: no order charged more than once (the simulators' own records, not the store's word);
 * - charged-unpaid: every charge belongs to an order the store has paid, and every order the store has paid online
 *   has exactly one charge (none paid on no money, none charged and left unpaid or cancelled);
 * - not-converged: every device's orders show the payment status the store holds.
 */
import type { Violation } from '../verdict.ts';

export interface PaymentObservation {
  /** The run's orders paid online: their payment as the store holds it (the orders table). */
  orders: { orderId: string; owner: string; orderNumber: string; provider: string; status: string }[];
  /** The money the simulators took for the run's orders (read over HTTP, attributed to the store's orders). */
  charges: { orderId: string; provider: string; ref: string }[];
}

/** A device's payment statuses (orderId, status), as its orders read model shows them. */
export interface DevicePayments {
  name: string;
  owner: string;
  payments?: [string, string][];
}

export type PaymentProperty = 'double-charge' | 'charged-unpaid' | 'not-converged';
export type PaymentViolation = Violation<PaymentProperty>;

export const checkPayments = (
  observation: PaymentObservation,
  devices: readonly DevicePayments[],
): PaymentViolation[] => {
  const violations: PaymentViolation[] = [];
  const add = (property: PaymentProperty, detail: string) => violations.push({ property, detail });
  const orders = new Map(observation.orders.map((o) => [o.orderId, o]));
  const chargesOf = new Map<string, { provider: string; ref: string }[]>();
  for (const charge of observation.charges)
    chargesOf.set(charge.orderId, [...(chargesOf.get(charge.orderId) ?? []), charge]);

  for (const [orderId, charges] of chargesOf) {
    const order = orders.get(orderId);
    const name = order ? `order ${order.orderNumber}` : `order ${orderId}`;
    if (charges.length > 1)
      add(
        'double-charge',
        `${name} charged ${charges.length} times (${charges.map((c) => `${c.provider} ${c.ref}`).join(', ')})`,
      );
    if (order?.status !== 'paid')
      add(
        'charged-unpaid',
        `${name} charged by ${charges[0]!.provider} ${charges[0]!.ref}, its payment is ${order?.status ?? 'not stored'}`,
      );
  }
  for (const order of observation.orders)
    if (order.status === 'paid' && !chargesOf.has(order.orderId))
      add('charged-unpaid', `order ${order.orderNumber} is paid by ${order.provider}, which holds no charge for it`);

  for (const device of devices) {
    const shown = new Map(device.payments ?? []);
    for (const order of observation.orders) {
      if (order.owner !== device.owner) continue;
      const status = shown.get(order.orderId);
      if (status !== order.status)
        add(
          'not-converged',
          `${device.name} shows order ${order.orderNumber}'s payment ${status ?? 'nowhere'}, the store ${order.status}`,
        );
    }
  }
  return violations;
};
