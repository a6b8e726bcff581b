import type { Prng } from '../prng.ts';
import type { Query } from '../store-reader.ts';
import { backlog, setStock } from '../store-reader.ts';
import type { ContentIntent } from './content-protocol.ts';
import { alertSwept, backInStock } from './content-store.ts';

/**
 * The run's side of the content intents: what the seed draws, and the back-in-stock change that makes the alert
 * mails. The run's first shopper has an account (ads, reviews and alerts need one: the app sends a guest to log
 * in); a content intent drawn for a guest's device is made on that shopper's first device instead.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The share of the draws the content intents take (the cart, wishlist and order intents keep the rest). */
export const CONTENT_SHARE = 0.18;
/** The shopper with an account (0: the first). */
export const ACCOUNT_SHOPPER = 0;
export const SHOPPER_PASSWORD = 'correct horse battery';
/** Out of stock while a run's commands run, back in stock after them when the run set an alert: the alert mails. */
export const ALERT_SKU = 'MBA13-M4-16-256';

/** One content intent; `skus`: the run's products (reviews, inquiries and alerts are about them or ALERT_SKU). */
export const drawContentIntent = (
  rng: Prng,
  run: { skus: readonly string[]; email: string; adCategory: string },
): ContentIntent => {
  const roll = rng.next();
  const sku = rng.pick(run.skus);
  const title = `Обява ${rng.int(1000, 9999)}`;
  const priceCents = rng.int(1, 2000) * 100;
  if (roll < 0.3) return { kind: 'ad.create', title, priceCents, category: run.adCategory };
  if (roll < 0.45) return { kind: 'ad.edit', pick: rng.int(0, 7), title, priceCents };
  if (roll < 0.62) return { kind: 'review.create', sku, rating: rng.int(1, 5) };
  if (roll < 0.7) return { kind: 'inquiry.send', sku, email: run.email };
  if (roll < 0.77) return { kind: 'contact.send', email: run.email };
  const stock = rng.chance(0.7);
  return { kind: 'alerts.set', sku: rng.chance(0.6) ? ALERT_SKU : sku, stock, price: rng.chance(0.4) };
};

/** Before the intents: the alert sku out of stock (its back-in-stock change is the run's to make). */
export const prepareStockAlert = (query: Query): Promise<void> => setStock(query, ALERT_SKU, 0);

/**
 * After every command ran (so the subscriptions are final): the alert sku back in stock, when the run set an
 * alert, and the sweep waited for (up to `ms`), so its mails are in the outbox before the queues are timed.
 */
export const makeStockAlert = async (
  query: Query,
  owners: readonly string[],
  dispatchedTypes: readonly string[],
  ms = 10_000,
): Promise<{ sku: string; eventId: number } | undefined> => {
  if (!dispatchedTypes.includes('alerts.set')) return undefined;
  const until = Date.now() + ms;
  while ((await backlog(query, owners, [])).commands > 0 && Date.now() < until) await sleep(20);
  const eventId = await backInStock(query, ALERT_SKU);
  if (eventId === undefined) throw new Error(`${ALERT_SKU} was not out of stock: no back-in-stock change recorded`);
  while (!(await alertSwept(query, eventId)) && Date.now() < until) await sleep(25);
  return { sku: ALERT_SKU, eventId };
};
