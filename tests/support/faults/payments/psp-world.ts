import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { startPaymentSimulators } from '../../../../tools/payments/simulators.ts';
import type { Provider, PspFault } from './pay-plan.ts';

/**
 * The payment providers of the fault world: BORICA's, PayPal's and the creditor's simulators, each a process of its
 * own as `npm start` runs them (tools/payments/simulators.ts, with keys made for this world only), started once;
 * the store's instances are pointed at them by environment. Their test controls (`/__sim/faults`, `/__sim/stats`)
 * arm the `psp` faults and tell what money each really took.
 */

/** The store's timeout on a provider's call, short so a run sees it fire; a slow answer comes later than it. */
export const STORE_TIMEOUT_MS = 1_000;
export const SLOW_ANSWER_MS = 1_600;

/** A charge as a simulator records it, with whatever it carries of the store's order (its reference, number, attempt). */
export interface SimCharge {
  provider: Provider;
  /** BORICA's ORDER, PayPal's order id, the credit application's id. */
  ref: string;
  orderNumber?: string;
  attemptId?: string;
}

export interface PaymentSimulators {
  /** For the store's instances: the providers' groups, the short timeouts, a reconciler that asks soon. */
  env: Record<string, string>;
  /** Arms one fault on a provider's simulator for its next call(s). */
  arm(provider: Provider, fault: PspFault): Promise<void>;
  /** The faults heal: whatever is still armed is disarmed. */
  heal(): Promise<void>;
  /** Every charge the simulators hold (this world's, all runs). */
  charges(): Promise<SimCharge[]>;
  stop(): Promise<void>;
}

const boricaStats = z.object({ charges: z.array(z.object({ order: z.string(), rc: z.string() })) });
const paypalStats = z.object({
  charges: z.array(z.object({ order: z.string(), invoiceId: z.string().optional(), customId: z.string().optional() })),
});
const creditStats = z.object({
  charges: z.array(z.object({ id: z.string(), orderNumber: z.string(), idempotencyKey: z.string() })),
});

/** Each provider's fault as its simulator's own control arms it (simulators/<name>/README.md). */
const faultBody = (provider: Provider, fault: PspFault): object | undefined => {
  if (fault === 'twice') return undefined; // the device delivers the answer twice (pay-journey.ts)
  switch (provider) {
    case 'borica':
      // The store calls BORICA only to ask (TRTYPE 90), when the browser's answer is missing: both are faulted.
      return fault === 'slow' ? { dropBackref: true, delayStatusMs: SLOW_ANSWER_MS } : { dropBackref: true };
    case 'paypal':
      return fault === 'slow' ? { on: 'capture', delayMs: SLOW_ANSWER_MS } : { on: 'capture', dropNextAnswer: true };
    case 'credit':
      return fault === 'slow' ? { delayNextMs: SLOW_ANSWER_MS } : { dropNext: true };
  }
};

const HEAL: Record<Provider, object> = {
  borica: { dropBackref: false, delayMs: 0, delayStatusMs: 0 },
  paypal: { clear: true },
  credit: {},
};

/** `storeUrl`: where the shopper's browser reaches the store (the fault proxy): BACKREF and PayPal's return go there. */
export const startPaymentSimulatorsFor = async (storeUrl: string): Promise<PaymentSimulators> => {
  const keysDir = mkdtempSync(path.join(tmpdir(), 'store-faults-keys-'));
  const sims = await startPaymentSimulators({ storeUrl, keysDir });
  const urlOf = (provider: Provider): string => {
    const sim = sims.simulators.find((s) => s.name === provider);
    if (!sim) throw new Error(`the ${provider} simulator did not start`);
    return sim.url;
  };
  const control = async (provider: Provider, body: object): Promise<void> => {
    const response = await fetch(`${urlOf(provider)}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${provider} simulator refused ${JSON.stringify(body)}: ${response.status}`);
  };
  const stats = async <T>(provider: Provider, schema: z.ZodType<T>): Promise<T> =>
    schema.parse(await (await fetch(`${urlOf(provider)}/__sim/stats`)).json());
  return {
    env: {
      ...sims.env,
      BORICA_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
      PAYPAL_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
      CREDIT_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
      RECONCILE_INTERVAL_MS: '500',
      RECONCILE_AFTER_MS: '1000',
    },
    async arm(provider, fault) {
      const body = faultBody(provider, fault);
      if (body) await control(provider, body);
    },
    async heal() {
      await Promise.all((Object.keys(HEAL) as Provider[]).map((p) => control(p, HEAL[p])));
    },
    async charges() {
      const [borica, paypal, credit] = await Promise.all([
        stats('borica', boricaStats),
        stats('paypal', paypalStats),
        stats('credit', creditStats),
      ]);
      return [
        ...borica.charges.filter((c) => c.rc === '00').map((c): SimCharge => ({ provider: 'borica', ref: c.order })),
        ...paypal.charges.map((c): SimCharge => ({
          provider: 'paypal',
          ref: c.order,
          ...(c.invoiceId ? { orderNumber: c.invoiceId } : {}),
          ...(c.customId ? { attemptId: c.customId } : {}),
        })),
        ...credit.charges.map((c): SimCharge => ({
          provider: 'credit',
          ref: c.id,
          orderNumber: c.orderNumber,
          attemptId: c.idempotencyKey,
        })),
      ];
    },
    async stop() {
      await sims.stop();
      rmSync(keysDir, { recursive: true, force: true });
    },
  };
};
