import type { Prng } from '../prng.ts';

/**
 * How a shopper pays an order online in a fault run, drawn by the run's seed (run.ts) and played by the device
 * (pay-journey.ts): the provider's page answered as a shopper would, and the fault the payment simulator is given.
 */

/** The methods paid online, each with its provider's simulator (simulators/borica, paypal, credit). */
export const ONLINE_METHODS = ['card', 'paypal', 'credit'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const PROVIDER_OF = { card: 'borica', paypal: 'paypal', credit: 'credit' } as const;
export type Provider = (typeof PROVIDER_OF)[OnlineMethod];

export const isOnline = (method: string): method is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(method);

/**
 * A payment simulator's fault (the `psp` kind of run.ts):
 * - slow: it answers the store's next call slower than the store's timeout (the work done: a charge may be taken);
 * - lost: the answer is lost after the work is done (BORICA: charged, the browser never sent back; PayPal: the
 *   capture's answer; credit: the application's);
 * - twice: the answer arrives twice at once (BORICA's BACKREF and PayPal's return posted twice, as a reload or a
 *   double-delivered callback; credit: the begin asked twice, as a second tab), so the store settles it twice.
 */
export const PSP_FAULTS = ['slow', 'lost', 'twice'] as const;
export type PspFault = (typeof PSP_FAULTS)[number];

export interface PayPlan {
  /** What the shopper does on the provider's page: pays, is declined (a refused card, PayPal funding declined), or leaves. */
  answer: 'pay' | 'decline' | 'leave';
  /** Set when the run's `psp` faults are on and the seed drew one. */
  fault?: PspFault;
}

/** Draws a plan; every draw is made whether or not `psp` faults are on, so a seed's intents stay the same. */
export const drawPayPlan = (rng: Prng, faultsOn: boolean): PayPlan => {
  const roll = rng.next();
  const answer = roll < 0.75 ? 'pay' : roll < 0.9 ? 'decline' : 'leave';
  const faulty = rng.chance(0.5);
  const fault = rng.pick(PSP_FAULTS);
  return { answer, ...(faultsOn && faulty ? { fault } : {}) };
};
