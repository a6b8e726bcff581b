import { Executor } from '../../sync-server/executor/executor.ts';
import { startServer, type StartOptions } from '../../sync-server/server.ts';
import { breakdown } from './drain.ts';
import { addRemoveCommands, chunks, createGuestCart, push, type GuestCart } from './raw-client.ts';
import { pool, sleep } from './stats.ts';
import type { TracedDatabase, TxTrace } from './stores.ts';

export interface ExecutorResult {
  commands: number;
  carts: number;
  /** Commands settled per second by one executor draining the backlog. */
  cps: number;
  drainMs: number;
  /** The same-database baseline: sequential single-row UPDATE transactions per second. */
  updateTps: number;
  /** How fast the HTTP push path took the backlog in (commands/s), for context. */
  pushCps: number;
  batches: number;
  meanBatch: number;
  meanBatchMs: number;
  breakdown: string;
  rejected: number;
}

/**
 * Executor throughput: with the server's own executor off, `total` pending commands of `cartCount`
 * guest carts go in through the HTTP push path (rows of up to 500); then one Executor with the
 * server's features drains them while we poll the pending count. `settings`: the server's METRICS (a started server
 * has its metrics on unless told; the logging cost bench turns them off).
 */
export const measureExecutor = async (
  db: TracedDatabase,
  total: number,
  cartCount: number,
  settings: Pick<StartOptions, 'METRICS'> = {},
): Promise<ExecutorResult> => {
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'off',
    SEED_DEMO: 'on',
    STATIC_DIR: undefined,
    db,
    ...settings,
  });
  try {
    const carts: GuestCart[] = new Array(cartCount);
    await pool([...carts.keys()], 8, async (i) => {
      carts[i] = await createGuestCart(server.url);
    });
    const perCart = Math.ceil(total / cartCount);
    const pushes = carts.flatMap((cart) =>
      chunks(addRemoveCommands(cart.owner, perCart), 500).map((rows) => ({ cart, rows })),
    );
    const pushStart = performance.now();
    // One cart's pushes in seq order; carts in parallel.
    const byCart = new Map<GuestCart, typeof pushes>();
    for (const p of pushes) byCart.set(p.cart, [...(byCart.get(p.cart) ?? []), p]);
    await pool([...byCart.values()], 4, async (list) => {
      for (const { cart, rows } of list) await push(server.url, cart.token, rows);
    });
    const pushMs = performance.now() - pushStart;
    const commands = perCart * cartCount;
    const pending = await pendingCount(db);
    if (pending !== commands) throw new Error(`executor bench: ${pending} pending after push, expected ${commands}`);

    const updateTps = await singleRowUpdateRate(db, 1500);

    const { drainMs, batches } = await drainBacklog(db, 90_000);

    const [{ n: rejected } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM commands WHERE status <> 'succeeded'",
    );
    return {
      commands,
      carts: cartCount,
      cps: commands / (drainMs / 1000),
      drainMs,
      updateTps,
      pushCps: commands / (pushMs / 1000),
      batches: batches.length,
      meanBatch: batches.reduce((s, t) => s + Number(t.result), 0) / Math.max(1, batches.length),
      meanBatchMs: batches.reduce((s, t) => s + (t.end - t.start), 0) / Math.max(1, batches.length),
      breakdown: breakdown(batches),
      rejected,
    };
  } finally {
    db.trace.enabled = false;
    await server.close();
  }
};

export const pendingCount = async (db: TracedDatabase): Promise<number> => {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM commands WHERE status = 'pending'");
  return row?.n ?? 0;
};

/**
 * One Executor with the registered features drains the store's pending commands, traced: how long it took and its
 * batches that settled something. Throws when the backlog is not gone after `limitMs`.
 */
export const drainBacklog = async (
  db: TracedDatabase,
  limitMs: number,
): Promise<{ drainMs: number; batches: TxTrace[] }> => {
  const executor = new Executor(db);
  db.trace.reset();
  db.trace.enabled = true;
  const start = performance.now();
  try {
    await executor.start();
    while ((await pendingCount(db)) > 0) {
      if (performance.now() - start > limitMs) throw new Error(`the backlog was not drained in ${limitMs} ms`);
      await sleep(5);
    }
    return {
      drainMs: performance.now() - start,
      batches: db.trace.transactions.filter((t) => t.kind === 'executor batch' && Number(t.result) > 0),
    };
  } finally {
    db.trace.enabled = false;
    await executor.stop();
  }
};

/** Sequential one-row UPDATE transactions (BEGIN; UPDATE; COMMIT) for `ms`, through the same Database. */
const singleRowUpdateRate = async (db: TracedDatabase, ms: number): Promise<number> => {
  await db.query('CREATE TABLE IF NOT EXISTS bench_tps (id int PRIMARY KEY, n bigint NOT NULL)');
  await db.query('INSERT INTO bench_tps (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING');
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    await db.transaction((tx) => tx.query('UPDATE bench_tps SET n = n + 1 WHERE id = 1'));
    n += 1;
  }
  const rate = n / ((performance.now() - start) / 1000);
  await db.query('DROP TABLE bench_tps');
  return rate;
};
