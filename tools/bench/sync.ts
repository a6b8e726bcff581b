/**
 * npm run bench:sync — the sync core's numbers, each beside a baseline measured in the same run:
 *   1. device-to-device latency (RxDB device A -> server -> device B) vs a plain HTTP POST + SSE echo, with
 *      each device in a process of its own and the server in this one (the reported figure), the echo in
 *      the same topology (processes.ts), and the floor of the stack in it: the echo plus a local RxDB write on
 *      each device and a one-row commit on the server (1c, floor.ts); and again with server and both devices in this process (1b, split
 *      into segments: latency.ts; device B in a worker thread, a realm of its own for RxDB's collection limit);
 *   2. 1,000 commands made offline: setOnline(true) until all have results on the device, vs the same
 *      commands pushed and awaited on the raw protocol (no RxDB);
 *   3. executor throughput on PGlite and PostgreSQL (DATABASE_URL) vs single-row UPDATE transactions/s;
 *   4. the push transaction on PGlite with the default catalogue's 1,500 products and one cart changed 5,000
 *      times: its last 500 pushes against its first 500 (push-at-scale.ts).
 * Parts 1 and 2 run on PGlite, and on PostgreSQL too when DATABASE_URL is set (in a schema of their own).
 * Env: BENCH_PROFILE=<dir> (a CPU profile per phase), BENCH_DISPATCH_BUDGET_MS (12000), BENCH_SAMPLES (200), BENCH_WARMUP (20), BENCH_DRAIN_N (1000), BENCH_EXEC_N (20000), BENCH_EXEC_CARTS (200), BENCH_SCALE_PRODUCTS (1500), BENCH_SCALE_PUSHES (5000).
 */
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { measureDrain, measureRawDrain, type DrainResult } from './drain.ts';
import { measureEcho, startEchoServer } from './echo-server.ts';
import { measureExecutor, type ExecutorResult } from './executor-throughput.ts';
import { measureDeviceLatency, SEGMENTS } from './latency.ts';
import { measureRemoteLatency, REMOTE_SEGMENTS } from './processes.ts';
import { measurePushAtScale, type PushAtScaleResult } from './push-at-scale.ts';
import { profiled } from './profile.ts';
import { DRAIN_N, envInt, SAMPLES, WARMUP } from './settings.ts';
import { sized } from './short.ts';
import { floorStore } from './floor.ts';
import { fmt, percentiles, round, table, type Percentiles } from './stats.ts';
import { openFreshPostgres, openPglite, type TracedDatabase } from './stores.ts';

const EXEC_N = envInt('BENCH_EXEC_N', sized(20_000, 40));
const EXEC_CARTS = envInt('BENCH_EXEC_CARTS', sized(200, 4));
const SCALE_PRODUCTS = envInt('BENCH_SCALE_PRODUCTS', sized(1500, 60));
const SCALE_PUSHES = envInt('BENCH_SCALE_PUSHES', sized(5000, 10));
const DATABASE_URL = process.env.DATABASE_URL;
const BUDGET_MS = 175_000;
/** Offline commands go through dispatch() for at most this long; the rest are bulk-inserted (see drain.ts). */
const DISPATCH_BUDGET_MS = envInt('BENCH_DISPATCH_BUDGET_MS', sized(12_000, 2_000));

const began = performance.now();
const log = (message: string) => console.log(`[bench +${((performance.now() - began) / 1000).toFixed(1)}s] ${message}`);
const watchdog = setTimeout(() => {
  console.error(`bench:sync exceeded ${BUDGET_MS / 1000} s: aborting`);
  process.exit(1);
}, BUDGET_MS);
watchdog.unref();

interface SyncRun {
  store: string;
  /** Devices in processes of their own: latency, A's dispatch(), echo, CPU ms per round of each process. */
  remote: {
    latency: Percentiles;
    dispatch: Percentiles;
    echo: Percentiles;
    floor: Percentiles;
    cpu: { a: number; b: number; server: number };
    segments: { name: string; p50: number; n: number }[];
  };
  /** Server and both devices in this process. */
  latency: Percentiles;
  /** The local part of each latency sample: until A's dispatch() resolved. */
  dispatch: Percentiles;
  /** Median of each latency segment, and how many samples could be split. */
  segments: { name: string; p50: number; n: number }[];
  /** The push transaction, per statement: median ms and in how many samples it ran. */
  pushTx: { label: string; p50: number; n: number }[];
  echo: Percentiles;
  drain: DrainResult;
  rawDrainMs: number;
}

const withServer = async <T>(db: TracedDatabase, work: (server: RunningServer) => Promise<T>): Promise<T> => {
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'on',
    SEED_DEMO: 'on',
    STATIC_DIR: undefined,
    db,
  });
  try {
    return await work(server);
  } finally {
    await server.close();
  }
};

/** Parts 1 and 2 on one store. */
const syncRun = async (store: string, db: TracedDatabase): Promise<SyncRun> =>
  withServer(db, async (server) => {
    const echoServer = await startEchoServer();
    const floorServer = await startEchoServer(await floorStore(db));
    try {
      log(`${store}: devices in processes of their own: echo, floor, then A -> B, ${WARMUP} + ${SAMPLES} samples each`);
      const measured = await measureRemoteLatency(
        server.url,
        db,
        echoServer.url,
        floorServer.url,
        WARMUP,
        SAMPLES,
        `${store}-remote`,
      );
      const remote = {
        latency: percentiles(measured.total),
        dispatch: percentiles(measured.dispatch),
        echo: percentiles(measured.echo),
        floor: percentiles(measured.floor),
        cpu: measured.cpu,
        segments: REMOTE_SEGMENTS.map((name) => ({
          name,
          p50: percentiles(measured.segments[name]).p50,
          n: measured.segments[name].length,
        })),
      };
      log(`${store}: one process: echo baseline, ${WARMUP} + ${SAMPLES} samples`);
      const echo = percentiles(await measureEcho(echoServer.url, WARMUP, SAMPLES));
      log(`${store}: one process: device A -> device B, ${WARMUP} + ${SAMPLES} samples`);
      // Profiled (BENCH_PROFILE) over the measured rounds only, not the devices' start.
      const samples = await measureDeviceLatency(server.url, db, WARMUP, SAMPLES, `${store}-latency`);
      const latency = percentiles(samples.total);
      const dispatch = percentiles(samples.dispatch);
      const segments = SEGMENTS.map((name) => ({
        name,
        p50: percentiles(samples.segments[name]).p50,
        n: samples.segments[name].length,
      }));
      const pushTx = [...samples.pushTxStatements].map(([label, times]) => ({
        label,
        p50: percentiles(times).p50,
        n: times.length,
      }));
      log(`${store}: ${DRAIN_N} offline commands, then online`);
      const drain = await measureDrain(store, server.url, db, DRAIN_N, DISPATCH_BUDGET_MS);
      log(`${store}: raw-protocol drain of ${DRAIN_N} commands`);
      const rawDrainMs = await measureRawDrain(server.url, DRAIN_N);
      return { store, remote, latency, dispatch, segments, pushTx, echo, drain, rawDrainMs };
    } finally {
      await echoServer.close();
      await floorServer.close();
    }
  });

const main = async (): Promise<void> => {
  // Every shopper of the bench calls from 127.0.0.1: the per-address guest limit (100 per 10 min) would stop step 3's
  // 200 guest carts with a 429 (the limit is read as each server starts).
  Object.assign(process.env, RELAXED_LIMITS);
  const runs: SyncRun[] = [];
  const exec: { store: string; result: ExecutorResult }[] = [];
  let scale: PushAtScaleResult | undefined;

  log('PGlite (in memory): opening');
  let pglite = await openPglite();
  try {
    runs.push(await syncRun('pglite', pglite));
  } finally {
    await pglite.close();
  }
  if (DATABASE_URL) {
    const fresh = await openFreshPostgres(DATABASE_URL, 'sync');
    try {
      runs.push(await syncRun('postgres', fresh.db));
    } finally {
      await fresh.dispose();
    }
  }

  log(`executor on PGlite: ${EXEC_N} commands of ${EXEC_CARTS} carts`);
  pglite = await openPglite();
  try {
    exec.push({
      store: 'pglite',
      result: await profiled('pglite-executor', () => measureExecutor(pglite, EXEC_N, EXEC_CARTS)),
    });
  } finally {
    await pglite.close();
  }
  log(`push transaction on PGlite at scale: ${SCALE_PRODUCTS} products, one cart changed ${SCALE_PUSHES} times`);
  pglite = await openPglite();
  try {
    scale = await profiled('pglite-push-at-scale', () => measurePushAtScale(pglite, SCALE_PRODUCTS, SCALE_PUSHES));
  } finally {
    await pglite.close();
  }
  if (DATABASE_URL) {
    log(`executor on PostgreSQL: ${EXEC_N} commands of ${EXEC_CARTS} carts`);
    const fresh = await openFreshPostgres(DATABASE_URL, 'exec');
    try {
      exec.push({
        store: 'postgres',
        result: await profiled('postgres-executor', () => measureExecutor(fresh.db, EXEC_N, EXEC_CARTS)),
      });
    } finally {
      await fresh.dispose();
    }
  }

  report(runs, exec, scale);
};

const report = (
  runs: SyncRun[],
  exec: { store: string; result: ExecutorResult }[],
  scale: PushAtScaleResult | undefined,
): void => {
  const rows: string[][] = [];
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  for (const run of runs) {
    const latencyRows = (label: string, latency: Percentiles, echo: Percentiles, goal: boolean) => {
      for (const p of ['p50', 'p95', 'p99'] as const) {
        rows.push([
          `${label} ${p} (ms)`,
          run.store,
          fmt(latency[p]),
          `echo ${p} ${fmt(echo[p])}`,
          `${fmt(latency[p] / echo[p])}x`,
          p === 'p50' && goal ? `p50 within 3x the echo: ${verdict(latency.p50 / echo.p50 <= 3)}` : '',
        ]);
      }
    };
    latencyRows('1. latency A->B', run.remote.latency, run.remote.echo, true);
    rows.push([
      '1c. floor of the stack p50 (ms)',
      run.store,
      fmt(run.remote.floor.p50),
      `echo p50 ${fmt(run.remote.echo.p50)}`,
      `${fmt(run.remote.floor.p50 / run.remote.echo.p50)}x`,
      `A->B is ${fmt(run.remote.latency.p50 / run.remote.floor.p50)}x the floor`,
    ]);
    latencyRows('1b. one process: A->B', run.latency, run.echo, false);
    rows.push([
      `2. drain ${DRAIN_N} offline cmds (ms)`,
      run.store,
      fmt(run.drain.ms),
      `raw protocol ${fmt(run.rawDrainMs)}`,
      `${fmt(run.drain.ms / run.rawDrainMs)}x`,
      `under 500 ms: ${verdict(run.drain.ms < 500)}`,
    ]);
  }
  for (const { store, result } of exec) {
    rows.push([
      '3. executor (commands/s)',
      store,
      fmt(result.cps),
      `1-row UPDATE tx/s ${fmt(result.updateTps)}`,
      `${fmt(result.cps / result.updateTps)}x`,
      store === 'postgres' ? `4,000/s: ${verdict(result.cps >= 4000)}` : '',
    ]);
  }
  if (!DATABASE_URL) rows.push(['3. executor (commands/s)', 'postgres', 'skipped: set DATABASE_URL', '', '', '']);
  if (scale) {
    rows.push([
      `4. push tx, ${scale.products} products, last 500 of ${scale.pushes} (ms)`,
      'pglite',
      fmt(scale.lastP50),
      `first 500 ${fmt(scale.firstP50)}`,
      `${fmt(scale.lastP50 / scale.firstP50)}x`,
      '',
    ]);
  }

  console.log('');
  console.log(table(['measure', 'store', 'value', 'baseline (same run)', 'ratio', 'goal'], rows));
  for (const run of runs) {
    const d = run.drain.dispatch;
    const { remote } = run;
    console.log(
      `\n${run.store}, 1. devices in processes of their own: ${remote.latency.n} samples (max ${fmt(remote.latency.max)} ms, ` +
        `echo max ${fmt(remote.echo.max)} ms); the stack's floor p50 ${fmt(remote.floor.p50)} / p95 ${fmt(remote.floor.p95)} ms ` +
        `(floor.ts); A's local dispatch() p50 ${fmt(remote.dispatch.p50)} ms; CPU ms per round: ` +
        `device A ${fmt(remote.cpu.a)}, device B ${fmt(remote.cpu.b)}, server ${fmt(remote.cpu.server)}; ` +
        `split, medians over ${remote.segments[0]?.n ?? 0} samples (ms): ` +
        remote.segments.map((s) => `${s.name} ${fmt(s.p50)}`).join(', ') +
        ' (see RemoteLatency in processes.ts)',
    );
    console.log(
      `${run.store}, 1b. one process (server and both devices): ${run.latency.n} latency samples (max ${fmt(run.latency.max)} ms, echo max ${fmt(run.echo.max)} ms); ` +
        `of which A's local dispatch() p50 ${fmt(run.dispatch.p50)} / p95 ${fmt(run.dispatch.p95)} / p99 ${fmt(run.dispatch.p99)} ms`,
    );
    console.log(
      `latency split (cpu: process CPU ms per round), medians over ${run.segments[0]?.n ?? 0} samples (ms): ` +
        run.segments.map((s) => `${s.name} ${fmt(s.p50)}`).join(', ') +
        ` (dispatch: A's local write; toPush: until A's pusher sends the push; push: request + server tx; ` +
        `toStream: push answered -> result on B's stream; apply: B's RxDB write -> commands$; srv*: server side of push/executor)`,
    );
    console.log(
      `push transaction, medians (ms): ` + run.pushTx.map((q) => `[${q.label}] ${fmt(q.p50)} (n ${q.n})`).join('; '),
    );
    console.log(
      `offline commands: ${d.viaDispatch} through dispatch() in ${fmt(d.dispatchMs)} ms (${fmt(d.firstMsEach)} ms each for the first 50, ${fmt(d.lastMsEach)} ms for the last 50)` +
        (d.viaBulk > 0
          ? `; dispatch too slow for the bench's time, the other ${d.viaBulk} bulk-inserted as dispatch writes them`
          : ''),
    );
    console.log(`drain profile (${run.store}, times from setOnline(true)):`);
    for (const line of run.drain.profile) console.log(`  ${line}`);
  }
  for (const { store, result } of exec) {
    console.log(
      `\nexecutor (${store}): ${result.commands} commands of ${result.carts} carts drained in ${fmt(result.drainMs)} ms; ` +
        `${result.batches} batches, mean ${fmt(result.meanBatch)} commands / ${fmt(result.meanBatchMs)} ms; ` +
        `not succeeded ${result.rejected}; push path took them in at ${fmt(result.pushCps)} commands/s`,
    );
    console.log(`  batch time: ${result.breakdown}`);
  }

  const pgl = runs.find((r) => r.store === 'pglite')!;
  const pgr = runs.find((r) => r.store === 'postgres');
  const cps = (store: string) => {
    const found = exec.find((e) => e.store === store)?.result.cps;
    return found === undefined ? 'skipped' : String(Math.round(found));
  };
  const summary = [
    `latency_p50_ms=${round(pgl.remote.latency.p50)}`,
    `echo_p50_ms=${round(pgl.remote.echo.p50)}`,
    `ratio=${round(pgl.remote.latency.p50 / pgl.remote.echo.p50)}`,
    `floor_p50_ms=${round(pgl.remote.floor.p50)}`,
    `floor_ratio=${round(pgl.remote.floor.p50 / pgl.remote.echo.p50)}`,
    `drain_1000_ms=${round(pgl.drain.ms, 0)}`,
    `exec_pglite_cps=${cps('pglite')}`,
    `exec_pg_cps=${cps('postgres')}`,
    `latency_p95_ms=${round(pgl.remote.latency.p95)}`,
    `latency_p99_ms=${round(pgl.remote.latency.p99)}`,
    `one_process_latency_p50_ms=${round(pgl.latency.p50)}`,
    `one_process_ratio=${round(pgl.latency.p50 / pgl.echo.p50)}`,
    `drain_raw_ms=${round(pgl.rawDrainMs, 0)}`,
    ...(scale
      ? [`scale_push_tx_first_ms=${round(scale.firstP50)}`, `scale_push_tx_last_ms=${round(scale.lastP50)}`]
      : []),
    ...(pgr
      ? [
          `pg_latency_p50_ms=${round(pgr.remote.latency.p50)}`,
          `pg_ratio=${round(pgr.remote.latency.p50 / pgr.remote.echo.p50)}`,
          `pg_one_process_latency_p50_ms=${round(pgr.latency.p50)}`,
          `pg_one_process_ratio=${round(pgr.latency.p50 / pgr.echo.p50)}`,
          `pg_drain_1000_ms=${round(pgr.drain.ms, 0)}`,
        ]
      : []),
  ];
  console.log('');
  console.log(`bench:sync ${summary.join(' ')}`);
};

main()
  .then(() => {
    clearTimeout(watchdog);
    // Everything is closed; if a library still holds a timer, do not let it keep the process alive.
    setTimeout(() => process.exit(0), 2000).unref();
  })
  .catch((error: unknown) => {
    console.error('bench:sync failed:', error);
    process.exit(1);
  });
