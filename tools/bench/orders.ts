/**
 * `npm run bench:orders`: `order.place` on PostgreSQL (DATABASE_URL), each figure beside its baseline in the same run:
 *   1. through the real push route, orders per second with no contention (every shopper orders a product of its
 *      own), beside plain `cart.addItem` pushes per second by the same shoppers over the same route; with how many
 *      pushes shared a transaction (sync-server/sync/push-queue.ts) and the CPU each push cost this process (the
 *      server and the shoppers' HTTP client) and PostgreSQL, which bounds the rate on this machine;
 *   2. the executor alone (no HTTP): a backlog of `order.place` commands drained in batches, beside a backlog of
 *      `cart.addItem` drained the same way;
 *   3. 200 shoppers racing for the last 20 units of one product: how many orders succeed, the stock left;
 *   4. in Chromium (tools/bench/orders-browser.ts): 50 orders placed offline, then online, until all show received.
 * The store is a schema of its own, migrated from scratch and dropped at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument } from '../../schema/commands/envelope.ts';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { createGuestCart, push } from './raw-client.ts';
import {
  placeOrder,
  priceFromCarts,
  setStock,
  shopperCommand as command,
  simpleSkus,
  type Shopper,
} from './order-shoppers.ts';
import { cpuNow, cpuPer, type CpuSample } from './process-cpu.ts';
import { SHORT, sized } from './short.ts';
import { fmt, pool, table } from './stats.ts';
import { drainBacklog, pendingCount } from './executor-throughput.ts';
import { openFreshPostgres, type TracedDatabase } from './stores.ts';
import { CHROMIUM_PATH } from './browser-devices.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';

/** Shoppers of the uncontended run, each ordering a product of its own: at most the catalogue's simple products. */
const MAX_SHOPPERS = Number(process.env.ORDERS_SHOPPERS ?? sized(64, 2));
const PER_SHOPPER = Number(process.env.ORDERS_PER_SHOPPER ?? sized(40, 5));
/** Shoppers pushing at once: all of them by default, each a device that sends its next order when answered. */
const CONCURRENCY = Number(process.env.ORDERS_CONCURRENCY ?? MAX_SHOPPERS);
const RACERS = sized(200, 10);
/** Pushes of the lone shopper whose transactions are traced. */
const TRACED = sized(100, 5);
const LAST_UNITS = sized(20, 3);

const log = (line: string): void => console.log(`[bench:orders] ${line}`);

interface PushRun {
  /** Pushes per second. */
  rate: number;
  /** CPU per push: this process (server and client) and PostgreSQL. */
  cpu: CpuSample;
  /** Pushes per push transaction (pushes arriving together share one). */
  perTransaction: number;
}

/** Pushes, each shopper's in seq order, `CONCURRENCY` shoppers at a time. */
const timedPushes = async (
  server: RunningServer,
  db: TracedDatabase,
  shoppers: readonly Shopper[],
  perShopper: number,
  make: (s: Shopper) => CommandDocument,
): Promise<PushRun> => {
  const pushes = shoppers.length * perShopper;
  db.trace.reset();
  db.trace.enabled = true;
  const cpu = cpuNow();
  const start = performance.now();
  await pool(shoppers, CONCURRENCY, async (s) => {
    for (let i = 0; i < perShopper; i++) await push(server.url, s.token, [make(s)]);
  });
  const rate = pushes / ((performance.now() - start) / 1000);
  db.trace.enabled = false;
  const transactions = db.trace.transactions.filter((t) => t.kind === 'push').length;
  return { rate, cpu: cpuPer(cpu, pushes), perTransaction: pushes / Math.max(1, transactions) };
};

/**
 * The executor alone: each shopper's `perShopper` commands pushed to a server without an executor (stored pending),
 * then one Executor drains the backlog; commands settled per second.
 */
const drained = async (
  server: RunningServer,
  db: TracedDatabase,
  shoppers: readonly Shopper[],
  perShopper: number,
  make: (s: Shopper) => CommandDocument,
): Promise<{ rate: number; batches: number }> => {
  await pool(shoppers, 8, async (s) => {
    await push(
      server.url,
      s.token,
      Array.from({ length: perShopper }, () => make(s)),
    );
  });
  const total = shoppers.length * perShopper;
  if ((await pendingCount(db)) !== total) throw new Error(`expected ${total} pending commands`);
  const { drainMs, batches } = await drainBacklog(db, 120_000);
  return { rate: total / (drainMs / 1000), batches: batches.length };
};

const cpuText = ({ nodeMs, postgresMs }: CpuSample): string =>
  `${fmt(nodeMs)} + ${postgresMs === undefined ? 'n/a' : fmt(postgresMs)} ms`;

/** The rate two cores could reach if CPU were all a push needed: what the machine bounds the push route at. */
const cpuBound = ({ nodeMs, postgresMs }: CpuSample): string =>
  postgresMs === undefined ? 'n/a' : `${fmt(2000 / (nodeMs + postgresMs))}/s`;

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      'bench:orders needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/store)',
    );
    process.exitCode = 1;
    return;
  }
  // Every shopper of the bench calls from 127.0.0.1: the per-address guest limit would stop them (read at start).
  Object.assign(process.env, RELAXED_LIMITS);
  const fresh = await openFreshPostgres(url, 'orders');
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'on',
    SEED: 'demo',
    STATIC_DIR: undefined,
    db: fresh.db,
  });
  try {
    const skus = await simpleSkus(fresh.db, MAX_SHOPPERS + 1);
    const SHOPPERS = Math.min(MAX_SHOPPERS, skus.length - 1);
    if (SHOPPERS < CONCURRENCY) throw new Error(`only ${skus.length} simple products`);
    await setStock(fresh.db, skus, 1_000_000);

    log(`${SHOPPERS} shoppers, ${PER_SHOPPER} pushes each, ${CONCURRENCY} at a time`);
    const shoppers: Shopper[] = [];
    await pool(skus.slice(0, SHOPPERS), 16, async (sku) => {
      const cart = await createGuestCart(server.url);
      shoppers.push({ ...cart, clientId: `bench-${uuidv7()}`, seq: 0, sku, unitEur: 0 });
    });

    // Baseline: plain cart.addItem pushes (the first also prices each shopper's product for its orders).
    const adds = await timedPushes(server, fresh.db, shoppers, PER_SHOPPER, (s) =>
      command(s, 'cart.addItem', { sku: s.sku, qty: 1, options: {} }),
    );
    await priceFromCarts(fresh.db, shoppers);
    // Warm-up, then the measured run.
    await timedPushes(server, fresh.db, shoppers.slice(0, CONCURRENCY), 2, placeOrder);
    const orders = await timedPushes(server, fresh.db, shoppers, PER_SHOPPER, placeOrder);

    // One shopper alone, each push's transaction traced: where an order's time goes, beside an addItem's.
    const alone = shoppers[0]!;
    const traceOf = async (make: () => CommandDocument) => {
      fresh.db.trace.reset();
      fresh.db.trace.enabled = true;
      const start = performance.now();
      for (let i = 0; i < TRACED; i++) await push(server.url, alone.token, [make()]);
      const perPushMs = (performance.now() - start) / TRACED;
      fresh.db.trace.enabled = false;
      const pushes = fresh.db.trace.transactions.filter((t) => t.kind === 'push');
      const statements = pushes.length > 0 ? pushes.reduce((n, t) => n + t.queries.length, 0) / pushes.length : 0;
      const workMs = pushes.length > 0 ? pushes.reduce((n, t) => n + t.workMs, 0) / pushes.length : 0;
      return { perPushMs, statements, workMs };
    };
    const tracedAdd = await traceOf(() => command(alone, 'cart.addItem', { sku: alone.sku, qty: 1, options: {} }));
    const tracedOrder = await traceOf(() => placeOrder(alone));
    const [placed] = await fresh.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE status = 'received'",
    );
    const expected = SHOPPERS * PER_SHOPPER + CONCURRENCY * 2 + TRACED;
    if (placed?.n !== expected) throw new Error(`${placed?.n} orders received, expected ${expected}`);

    // The race: 200 new shoppers, 20 units of one product, all at once.
    const hot = skus[SHOPPERS]!;
    await setStock(fresh.db, [hot], LAST_UNITS);
    const pricer = shoppers[0]!;
    await push(server.url, pricer.token, [command(pricer, 'cart.addItem', { sku: hot, qty: 1, options: {} })]);
    const [priced] = await fresh.db.query<{ doc: { items: { sku: string; unitPriceInclTax: number }[] } }>(
      'SELECT doc FROM carts WHERE owner = $1',
      [pricer.owner],
    );
    const hotEur = unitPriceEurOf(priced!.doc.items.find((l) => l.sku === hot)!.unitPriceInclTax);
    const racers: Shopper[] = await Promise.all(
      Array.from({ length: RACERS }, async () => ({
        ...(await createGuestCart(server.url)),
        clientId: `race-${uuidv7()}`,
        seq: 0,
        sku: hot,
        unitEur: hotEur,
      })),
    );
    const raceCommands = racers.map((r) => placeOrder(r));
    const raceStart = performance.now();
    await Promise.all(racers.map((r, i) => push(server.url, r.token, [raceCommands[i]!])));
    const raceMs = performance.now() - raceStart;
    const outcomes = await fresh.db.query<{ status: string; result_code: string; order_status: string | null }>(
      `SELECT status, result_code, result->>'status' AS order_status FROM commands WHERE id = ANY($1::uuid[])`,
      [raceCommands.map((c) => c.id)],
    );
    const succeeded = outcomes.filter((o) => o.order_status === 'received').length;
    const refused = outcomes.filter((o) => o.status === 'rejected').length;
    const [left] = await fresh.db.query<{ qty: string }>('SELECT qty FROM stock_items WHERE sku = $1', [hot]);

    await server.close();

    // The executor alone, on a server without one: new shoppers, the same products and prices.
    const quiet = await startServer({
      PORT: 0,
      HOST: '127.0.0.1',
      EXECUTOR: 'off',
      SEED: 'none',
      STATIC_DIR: undefined,
      db: fresh.db,
    });
    const newShoppers = async (prefix: string): Promise<Shopper[]> =>
      Promise.all(
        shoppers.map(async (s) => ({
          ...(await createGuestCart(quiet.url)),
          clientId: `${prefix}-${uuidv7()}`,
          seq: 0,
          sku: s.sku,
          unitEur: s.unitEur,
        })),
      );
    let drainAdds: Awaited<ReturnType<typeof drained>>;
    let drainOrders: Awaited<ReturnType<typeof drained>>;
    try {
      drainAdds = await drained(quiet, fresh.db, await newShoppers('drain-add'), PER_SHOPPER, (s) =>
        command(s, 'cart.addItem', { sku: s.sku, qty: 1, options: {} }),
      );
      drainOrders = await drained(quiet, fresh.db, await newShoppers('drain-order'), PER_SHOPPER, placeOrder);
    } finally {
      await quiet.close();
    }
    const [received] = await fresh.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE status = 'received'",
    );
    if (received?.n !== expected + LAST_UNITS + SHOPPERS * PER_SHOPPER) {
      throw new Error(`${received?.n} orders received after the executor's run`);
    }

    console.log(
      table(
        ['figure', 'measured', 'baseline (same run)', 'goal'],
        [
          ['order.place pushes/s, no contention', fmt(orders.rate), `cart.addItem ${fmt(adds.rate)}/s`, '>= 1,500/s'],
          [
            'pushes sharing a transaction, mean',
            fmt(orders.perTransaction),
            `cart.addItem ${fmt(adds.perTransaction)}`,
            '',
          ],
          [
            'CPU a push: this process (server + client) + PostgreSQL',
            cpuText(orders.cpu),
            `cart.addItem ${cpuText(adds.cpu)}`,
            '',
          ],
          ['what 2 cores allow at that CPU a push', cpuBound(orders.cpu), `cart.addItem ${cpuBound(adds.cpu)}`, ''],
          [
            'order.place settled/s by the executor alone (no HTTP)',
            `${fmt(drainOrders.rate)} (${drainOrders.batches} batches)`,
            `cart.addItem ${fmt(drainAdds.rate)}/s (${drainAdds.batches} batches)`,
            '>= 1,500/s',
          ],
          [
            'one shopper alone: ms a push / statements / ms in the transaction',
            `${fmt(tracedOrder.perPushMs)} / ${fmt(tracedOrder.statements)} / ${fmt(tracedOrder.workMs)}`,
            `cart.addItem ${fmt(tracedAdd.perPushMs)} / ${fmt(tracedAdd.statements)} / ${fmt(tracedAdd.workMs)}`,
            '',
          ],
          [
            `${RACERS} shoppers racing for ${LAST_UNITS} units`,
            `${succeeded} succeeded, ${refused} refused, stock left ${left?.qty}`,
            `${fmt(raceMs)} ms for all ${RACERS}`,
            `exactly ${LAST_UNITS}, 0 oversold`,
          ],
        ],
      ),
    );
    if (succeeded !== LAST_UNITS || Number(left?.qty) !== 0) process.exitCode = 1;
  } finally {
    await server.close().catch(() => undefined);
    await fresh.dispose();
  }
};

/**
 * The browser figure (tools/bench/orders-browser.ts): 50 orders placed offline in Chromium, then online, until every
 * one shows as received, beside 50 cart commands drained the same way. A process of its own (its PGlite and
 * Chromium, after this run's server is gone); needs Debian's Chromium and a built client (BENCH_STATIC_DIR, default
 * dist/), and is skipped with the reason otherwise.
 */
const browserFigure = async (): Promise<void> => {
  if (process.env.ORDERS_BROWSER === 'off') return;
  const staticDir = process.env.BENCH_STATIC_DIR ?? 'dist';
  if (!existsSync(CHROMIUM_PATH) || !existsSync(`${staticDir}/index.html`)) {
    log(`browser figure skipped: needs ${CHROMIUM_PATH} and a built client in ${staticDir}/`);
    return;
  }
  log('browser figure: 50 orders placed offline in Chromium, then online');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/bench/orders-browser.ts', ...(SHORT ? ['--short'] : [])],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('exit', resolve);
  });
  if (code !== 0) {
    log(`browser figure failed (exit ${code})`);
    process.exitCode = 1;
  }
};

await main();
await browserFigure();
