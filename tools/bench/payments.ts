/**
 * `npm run bench:payments`: charges attempted vs charges made over seeded fault runs (PAYMENT_RUNS, default 1,000;
 * PAYMENT_SEED), with BORICA's and PayPal's simulators as their own processes and the store in this one (PGlite in
 * memory, or DATABASE_URL). Each run places an order paid online, starts its payment and pays at the simulator,
 * under one fault drawn from the seed:
 *   - none;
 *   - duplicate: `payment.start` pushed twice and the provider's answer delivered twice (BACKREF, PayPal return);
 *   - drop: the provider decides but its answer never reaches the store (BORICA's BACKREF lost, PayPal's capture
 *     answer dropped) — from the store's side the same as a server killed between the answer and its commit;
 *   - timeout: as drop, and the reconciler's first status question answered after the store gave up.
 * Then the reconciler runs until nothing is in doubt. Reported: charges made per order (goal: none above 1), orders
 * charged but not shown paid (goal 0), and the time from the gateway's answer reaching the store to "paid" on the
 * shopper's live stream (what the device's replication receives), p50/p95, beside an HTTP echo (GET /healthz) in the
 * same run. A kill -9 of the store itself is tests/reliability/payment-server-killed.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import type { CommandDocument } from '../../schema/commands/envelope.ts';
import { checkoutTotals, unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import type { BrowserStep } from '../../sync-server/payments/gateway.ts';
import { loadPaymentGateways } from '../../sync-server/payments/payment-config.ts';
import { configurePayments } from '../../sync-server/payments/payment-settings.ts';
import { startServer } from '../../sync-server/server.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { validDetails } from '../../tests/support/orders.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { startPaymentSimulators } from '../payments/simulators.ts';
import { shopperCommand } from './order-shoppers.ts';
import { createGuestCart, push, type GuestCart } from './raw-client.ts';
import { SHORT, sized } from './short.ts';
import { fmt, percentiles, table } from './stats.ts';

const RUNS = Number(process.env['PAYMENT_RUNS'] ?? sized(1_000, 12));
const SEED = Number(process.env['PAYMENT_SEED'] ?? 17);
const SKU = 'APP3';
const FAULTS = ['none', 'duplicate', 'drop', 'timeout'] as const;
type Fault = (typeof FAULTS)[number];
type Provider = 'borica' | 'paypal';

const log = (line: string): void => console.log(`[bench:payments] ${line}`);

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

Object.assign(process.env, RELAXED_LIMITS);
const db = await openDatabase({ databaseUrl: process.env['DATABASE_URL'] });
const server = await startServer({
  PORT: 0,
  HOST: '127.0.0.1',
  EXECUTOR: 'on',
  SEED: 'demo',
  db,
  RECONCILE_INTERVAL_MS: 3_600_000,
});
const keysDir = mkdtempSync(path.join(tmpdir(), 'bench-payment-keys-'));
const sims = await startPaymentSimulators({ storeUrl: server.url, keysDir, only: ['borica', 'paypal'] });
const env = { ...sims.env, BORICA_TIMEOUT_MS: '1000', PAYPAL_TIMEOUT_MS: '1000' };
configurePayments({ dueMs: 24 * 3_600_000, gateways: loadPaymentGateways(env) });
const simUrl = (name: string) => sims.simulators.find((s) => s.name === name)!.url;
const simPost = (name: string, route: string, body: unknown) =>
  fetch(`${simUrl(name)}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

await db.query(
  `UPDATE stock_items SET qty = 1000000, is_in_stock = true, doc = doc || '{"qty": 1000000, "is_in_stock": true}'
   WHERE sku = $1`,
  [SKU],
);

interface Shopper extends GuestCart {
  clientId: string;
  seq: number;
}

const settledOf = async (s: Shopper, id: string): Promise<CommandDocument> => {
  for (;;) {
    const answer = await fetch(`${server.url}/sync/commands/pull?after=0&limit=1000`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    const { documents } = (await answer.json()) as { documents: CommandDocument[] };
    const found = documents.find((d) => d.id === id && d.status !== 'pending');
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const paymentOf = async (s: Shopper, orderId: string) => {
  const answer = await fetch(`${server.url}/sync/orders/pull?after=0&limit=10`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  const { documents } = (await answer.json()) as { documents: OrdersDoc[] };
  return documents.at(-1)?.orders.find((o) => o.orderId === orderId)?.payment;
};
const paymentStatusOf = async (s: Shopper, orderId: string): Promise<string | undefined> =>
  (await paymentOf(s, orderId))?.status;

/** The guest's price of the sku, from its cart line (what an order is checked against). */
const priceOf = async (s: Shopper): Promise<number> => {
  const add = shopperCommand(s, 'cart.addItem', { sku: SKU, qty: 1, options: {} });
  await push(server.url, s.token, [add]);
  await settledOf(s, add.id);
  const cart = await fetch(`${server.url}/sync/carts/pull?after=0&limit=10`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  const { documents } = (await cart.json()) as { documents: { items: { sku: string; unitPriceInclTax: number }[] }[] };
  return unitPriceEurOf(documents.at(-1)!.items.find((i) => i.sku === SKU)!.unitPriceInclTax);
};

interface RunResult {
  provider: Provider;
  fault: Fault;
  orderId: string;
  /** The provider's reference of the (one) attempt. */
  ref: string;
  shopper: Shopper;
  /** ms from the gateway's answer reaching the store to "paid" on the shopper's live stream (no lost answer). */
  latencyMs?: number;
}

/** An orders change carrying a paid payment, as the live stream sends it (the document itself, serialised). */
const PAID_ON_STREAM = /event: changes[^\n]*\ndata: [^\n]*"orders"[^\n]*"status":"paid"/;

/**
 * The shopper's live stream, opened before the gateway's answer is delivered: what a device's replication listens
 * to, so the time it carries "paid" is when the shopper's device has it (the screen renders it from RxDB within a
 * frame, not counted here). `paid` resolves with the moment, or undefined after 10 s.
 */
const watchForPaid = async (s: Shopper): Promise<{ paid: Promise<number | undefined>; close: () => void }> => {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/sync/stream`, {
    headers: { authorization: `Bearer ${s.token}` },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const timer = setTimeout(() => abort.abort(), 10_000);
  const paid = (async () => {
    let seen = '';
    try {
      while (!PAID_ON_STREAM.test(seen)) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        // Only the latest events matter: keep the tail (an event is one line of data).
        seen = (seen + decoder.decode(value, { stream: true })).slice(-200_000);
      }
      return performance.now();
    } catch {
      return undefined; // aborted at 10 s
    } finally {
      clearTimeout(timer);
    }
  })();
  return { paid, close: () => abort.abort() };
};

const oneRun = async (provider: Provider, fault: Fault, price: number): Promise<RunResult> => {
  const cart = await createGuestCart(server.url);
  const shopper: Shopper = { ...cart, clientId: `bench-${uuidv7()}`, seq: 0 };
  const paymentMethod = provider === 'borica' ? 'card' : 'paypal';
  const lines = [{ lineId: SKU, sku: SKU, name: SKU, qty: 1, unitPriceInclTaxEur: price, options: {} }];
  const { grandTotalEur } = checkoutTotals({ lines, shipping: 'courier', payment: paymentMethod });
  const orderId = uuidv4();
  const place = shopperCommand(shopper, 'order.place', {
    orderId,
    details: { ...validDetails, payment: { paymentMethod } },
    lines,
    reviewedTotalEur: grandTotalEur,
  });
  await push(server.url, shopper.token, [place]);
  const placed = await settledOf(shopper, place.id);
  if (placed.status !== 'succeeded') throw new Error(`order refused: ${JSON.stringify(placed.error)}`);
  const start = shopperCommand(shopper, 'payment.start', { orderId });
  const starts = fault === 'duplicate' ? [start, shopperCommand(shopper, 'payment.start', { orderId })] : [start];
  await push(server.url, shopper.token, starts);
  const started = await settledOf(shopper, start.id);
  const attemptId = started.result!['attemptId'] as string;
  const begun = await fetch(`${server.url}/api/payments/${attemptId}/begin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const step = (await begun.json()) as BrowserStep;
  const lost = fault === 'drop' || fault === 'timeout';

  if (provider === 'borica') {
    if (step.kind !== 'post-form') throw new Error('BORICA: no form');
    await fetch(step.url, { method: 'POST', body: new URLSearchParams(step.fields) });
    if (lost) await simPost('borica', '/__sim/faults', { dropBackref: true });
    const paid = (await (
      await simPost('borica', '/__sim/pay', { ORDER: step.fields['ORDER'], card: '5100770000000022' })
    ).json()) as {
      backref?: string;
      fields?: Record<string, string>;
    };
    if (fault === 'timeout') await simPost('borica', '/__sim/faults', { delayMs: 1_500 });
    const ref = step.fields['ORDER']!;
    if (lost || !paid.backref || !paid.fields) return { provider, fault, orderId, ref, shopper };
    const watch = await watchForPaid(shopper);
    const at = performance.now();
    const deliver = () =>
      fetch(paid.backref!, { method: 'POST', body: new URLSearchParams(paid.fields!), redirect: 'manual' });
    await (fault === 'duplicate' ? Promise.all([deliver(), deliver()]) : deliver());
    const paidAt = await watch.paid;
    watch.close();
    return { provider, fault, orderId, ref, shopper, latencyMs: (paidAt ?? Number.POSITIVE_INFINITY) - at };
  }

  if (step.kind !== 'redirect') throw new Error('PayPal: no approve link');
  const paypalId = (await paymentOf(shopper, orderId))?.attempts.at(-1)?.providerRef ?? '';
  const approved = (await (await simPost('paypal', '/__sim/approve', { id: paypalId })).json()) as {
    id: string;
    returnUrl: string;
  };
  if (fault === 'drop') await simPost('paypal', '/__sim/faults', { dropNextAnswer: true, on: 'capture' });
  if (fault === 'timeout') await simPost('paypal', '/__sim/faults', { delayMs: 1_500, on: 'capture' });
  const watch = lost ? undefined : await watchForPaid(shopper);
  const at = performance.now();
  const back = () => fetch(approved.returnUrl, { redirect: 'manual' });
  await (fault === 'duplicate' ? Promise.all([back(), back()]) : back());
  if (!watch) return { provider, fault, orderId, ref: approved.id, shopper };
  const paidAt = await watch.paid;
  watch.close();
  return { provider, fault, orderId, ref: approved.id, shopper, latencyMs: (paidAt ?? Number.POSITIVE_INFINITY) - at };
};

const random = seeded(SEED);
const pricer: Shopper = { ...(await createGuestCart(server.url)), clientId: `bench-${uuidv7()}`, seq: 0 };
const price = await priceOf(pricer);
const results: RunResult[] = [];
const echo: number[] = [];
log(`${RUNS} runs, seed ${SEED}, store ${db.kind}`);
for (let i = 0; i < RUNS; i += 1) {
  const provider: Provider = random() < 0.5 ? 'borica' : 'paypal';
  const fault = FAULTS[Math.floor(random() * FAULTS.length)]!;
  results.push(await oneRun(provider, fault, price));
  const at = performance.now();
  await (await fetch(`${server.url}/healthz`)).arrayBuffer();
  echo.push(performance.now() - at);
  if ((i + 1) % 100 === 0) log(`${i + 1} runs`);
}

// The reconciler until nothing is in doubt (each round as if the provider's window had passed).
let later = Date.now() + 30 * 60_000;
for (let round = 0; round < 10; round += 1) {
  const done = await server.payments.runOnce(later);
  later += 30 * 60_000;
  if (done.asked === 0) break;
}

const boricaStats = (await (await fetch(`${simUrl('borica')}/__sim/stats`)).json()) as {
  charges: { order: string; rc: string }[];
};
const paypalStats = (await (await fetch(`${simUrl('paypal')}/__sim/stats`)).json()) as {
  capturesByOrder: Record<string, number>;
};
const chargesOf = (r: RunResult): number =>
  r.provider === 'borica'
    ? boricaStats.charges.filter((c) => c.order === r.ref && c.rc === '00').length
    : (paypalStats.capturesByOrder[r.ref] ?? 0);

let doubles = 0;
let paidButUnpaid = 0;
let charged = 0;
for (const r of results) {
  const charges = chargesOf(r);
  charged += charges;
  if (charges > 1) doubles += 1;
  if (charges > 0 && (await paymentStatusOf(r.shopper, r.orderId)) !== 'paid') paidButUnpaid += 1;
}
const byFault = FAULTS.map((fault) => {
  const runs = results.filter((r) => r.fault === fault);
  return [fault, String(runs.length), String(runs.reduce((n, r) => n + chargesOf(r), 0))];
});
console.log(table(['fault', 'runs (charges attempted)', 'charges made'], byFault));
console.log(
  table(
    ['figure', 'value'],
    [
      ['runs', String(results.length)],
      ['charges made', String(charged)],
      ['orders charged twice (goal 0)', String(doubles)],
      ['orders charged but not shown paid after reconciliation (goal 0)', String(paidButUnpaid)],
    ],
  ),
);
const answerToPaid = percentiles(results.flatMap((r) => (r.latencyMs === undefined ? [] : [r.latencyMs])));
const echoes = percentiles(echo);
console.log(
  table(
    ['time', 'p50 ms', 'p95 ms'],
    [
      ["gateway answer -> paid on the shopper's live stream", fmt(answerToPaid.p50), fmt(answerToPaid.p95)],
      ['HTTP echo (GET /healthz), same run', fmt(echoes.p50), fmt(echoes.p95)],
    ],
  ),
);

await sims.stop();
await server.close();
await db.close();
rmSync(keysDir, { recursive: true, force: true });
const goalsMet = doubles === 0 && paidButUnpaid === 0;
// Short mode (short.ts): a goal missed over a dozen runs is reported above but does not fail the run; errors still do.
if (!goalsMet && SHORT) log('short mode: goal not met, not failing on the figure');
process.exit(goalsMet || SHORT ? 0 : 1);
