import type { DeviceHandle } from '../device-pool.ts';
import type { Dispatched, Intent } from '../device-protocol.ts';
import type { Instances } from '../instances.ts';
import type { Prng } from '../prng.ts';
import { drawPayPlan, isOnline, PROVIDER_OF } from './pay-plan.ts';
import { checkPayments, type PaymentObservation } from './payment-oracle.ts';
import { readPayments } from './payment-reader.ts';
import type { PaymentSimulators } from './psp-world.ts';

/** The payment part of a run (run.ts): the methods an order is placed with, and paying one placed online. */

/** An order's method, drawn: the offline ones and each online provider's. */
export const ORDER_METHODS = ['cashondelivery', 'banktransfer', 'card', 'paypal', 'credit'] as const;

/**
 * After an order placed with an online method, its shopper pays it on the same device, as the checkout's thank-you
 * page starts it: the plan is drawn (whether or not the order was placed, so a seed's schedule stays the same), its
 * `psp` fault armed on the provider's simulator when those faults are on, and the device's `order.pay` played.
 * Answers the `payment.start` the device dispatched, for the oracle to hold the store to.
 */
export const payAfterPlacing = async (options: {
  rng: Prng;
  intent: Intent;
  placed: boolean;
  device: DeviceHandle;
  payments: PaymentSimulators;
  faultsOn: boolean;
  /** The run's fault log (`step:psp-<fault>-<provider>`). */
  faults: string[];
  step: number;
}): Promise<Dispatched | null> => {
  const { rng, intent, placed, device, payments, faults, step } = options;
  if (intent.kind !== 'order.place' || !isOnline(intent.payment)) return null;
  const plan = drawPayPlan(rng, options.faultsOn);
  if (!placed) return null;
  if (plan.fault) {
    const provider = PROVIDER_OF[intent.payment];
    faults.push(`${step}:psp-${plan.fault}-${provider}`);
    await payments.arm(provider, plan.fault);
  }
  return device.intent({ kind: 'order.pay', plan });
};

/** How long the reconciler gets, after the faults heal, to settle every charge whose answer the store missed. */
const SETTLE_LIMIT_MS = 8_000;

/**
 * Waits (bounded) until every charge the simulators hold for the run's orders is settled in the store, before the
 * queues are timed: a payment the reconciler settles late enqueues its mail late. What is still wrong at the limit
 * is the oracle's to report.
 */
export const paymentsSettled = async (
  instances: Instances,
  payments: PaymentSimulators,
  owners: readonly string[],
): Promise<void> => {
  const query = <Row>(sql: string, params?: readonly unknown[]) => instances.query<Row>(sql, params);
  const until = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < until) {
    const observed = await readPayments(query, owners, await payments.charges());
    if (!checkPayments(observed, []).some((v) => v.property === 'charged-unpaid')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** What the run's online payments came to, for the totals tools/faults.ts prints. */
export interface PaymentCounts {
  /** Orders placed with an online method. */
  orders: number;
  paid: number;
  /** Charges the simulators hold for them. */
  charges: number;
}

/** The counts of what the oracle judged (the run's last observation of its payments). */
export const paymentCountsOf = (observed: PaymentObservation): PaymentCounts => ({
  orders: observed.orders.length,
  paid: observed.orders.filter((o) => o.status === 'paid').length,
  charges: observed.charges.length,
});
