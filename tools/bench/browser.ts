/**
 * npm run bench:browser — the sync figures of tools/bench/sync.ts measured where the product runs: the built
 * app in Debian Chromium (Playwright), RxDB on Dexie on real IndexedDB, against the sync server in this process
 * (PGlite in memory, executor on, serving dist/), each figure beside a baseline of the same run:
 *   1. device A -> device B latency (two browser contexts, B adopts A's identity) vs a fetch POST + EventSource
 *      echo between the same two pages, with the same CDP hops;
 *   2. 1,000 commands made offline, then online: until every one has its result on the device.
 * Env: BENCH_SAMPLES (200), BENCH_WARMUP (20), BENCH_DRAIN_N (1000), BENCH_BUILD=1 (rebuild dist/),
 * BENCH_SW=block (no service worker; default: the PWA as shipped), BENCH_TRACE=1 (split figure 1 into
 * segments and list figure 2's requests: wraps the pages' fetch, so the figures are then not the pure ones),
 * BENCH_PROFILE=<dir> (a Chromium CPU profile per page and phase, via CDP Profiler), BENCH_PLAIN=1 (serve an
 * unminified build from the temp folder instead of dist/: readable profiles, not the shipped figures),
 * BENCH_PATH (the page the devices show, default '/': the home page with its product grid),
 * BENCH_STATIC_DIR=<dir> (serve another build as it is, e.g. a patched client to try a fix; outside dot folders).
 * Each phase also reports the CPU time of the server process and of each kind of Chromium process.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { startServer, type RunningServer } from '../../sync-server/server.ts';
import {
  adoptIdentity,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  closeDevice,
  describeCounts,
  openBrowserDevice,
  type BrowserDevice,
  type DeviceOptions,
} from './browser-devices.ts';
import { cpuSince, cpuSnapshot, describeCpu, type CpuUse } from './browser-cpu.ts';
import { measureBrowserDrain, type BrowserDrain } from './browser-drain.ts';
import { measureBrowserEcho, measureBrowserLatency, type BrowserLatency } from './browser-latency.ts';
import { profiledPhase } from './browser-profile.ts';
import { measureRawDrain } from './drain.ts';
import { startEchoServer, type EchoServer } from './echo-server.ts';
import { DRAIN_N as FULL_DRAIN_N, SAMPLES as FULL_SAMPLES, WARMUP as FULL_WARMUP } from './settings.ts';
import { sized } from './short.ts';
import { fmt, percentiles, round, table, type Percentiles } from './stats.ts';
import { openPglite, type TracedDatabase } from './stores.ts';

const SAMPLES = sized(FULL_SAMPLES, 3);
const WARMUP = sized(FULL_WARMUP, 1);
const DRAIN_N = sized(FULL_DRAIN_N, 20);

const DEVICE: DeviceOptions = {
  serviceWorkers: process.env.BENCH_SW === 'block' ? 'block' : 'allow',
  trace: process.env.BENCH_TRACE === '1',
};
const PLAIN = process.env.BENCH_PLAIN === '1';
/** The page the devices show (the home page's product grid re-renders with the sync state). */
const PAGE_PATH = process.env.BENCH_PATH ?? '/';
/** Not under the repository: the server's static handler refuses paths with a dot folder such as .bench/. */
const STATIC_DIR = process.env.BENCH_STATIC_DIR ?? (PLAIN ? join(tmpdir(), 'store-bench-plain') : 'dist');
const BUDGET_MS = 175_000;

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench:browser +${((performance.now() - began) / 1000).toFixed(1)}s] ${message}`);

/** Everything opened, closed in reverse order at the end (and by the watchdog). */
const cleanups: (() => Promise<unknown>)[] = [];
const closeAll = async (): Promise<void> => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
};
const watchdog = setTimeout(() => {
  console.error(`bench:browser exceeded ${BUDGET_MS / 1000} s: aborting`);
  void closeAll().finally(() => process.exit(1));
}, BUDGET_MS);
watchdog.unref();

/** dist/ is rebuilt when missing, on BENCH_BUILD=1, or when it predates the debug hook the bench needs. */
const needsBuild = (): string | undefined => {
  if (process.env.BENCH_BUILD === '1') return 'BENCH_BUILD=1';
  if (!existsSync(join(STATIC_DIR, 'index.html'))) return 'dist/ missing';
  const assets = join(STATIC_DIR, 'assets');
  const hasHook =
    existsSync(assets) &&
    readdirSync(assets).some((f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('store.debug'));
  return hasHook ? undefined : 'dist/ has no store.debug hook (built before it)';
};

interface Figures {
  latency: BrowserLatency;
  echo: number[];
  drain: BrowserDrain;
  rawDrainMs: number;
  cpu: { echo: CpuUse; latency: CpuUse };
}

const run = async (server: RunningServer, db: TracedDatabase, echo: EchoServer, browser: Browser): Promise<Figures> => {
  const devices: BrowserDevice[] = [];
  cleanups.push(async () => {
    for (const d of devices.splice(0)) await closeDevice(d);
  });
  log(`device A and B on ${PAGE_PATH} (service workers: ${DEVICE.serviceWorkers}${DEVICE.trace ? ', traced' : ''})`);
  const a = await openBrowserDevice(browser, server.url + PAGE_PATH, 'A', DEVICE);
  devices.push(a);
  const b = await openBrowserDevice(browser, server.url + PAGE_PATH, 'B', DEVICE);
  devices.push(b);
  const { owner } = await adoptIdentity(a, b);
  log(`B adopted A's identity (owner ${owner}); echo baseline, ${WARMUP} + ${SAMPLES} samples`);
  let cpu = cpuSnapshot();
  const echoSamples = await measureBrowserEcho(a, b, echo.url, WARMUP, SAMPLES);
  const echoCpu = cpuSince(cpu);
  log(`device A -> device B, ${WARMUP} + ${SAMPLES} samples`);
  cpu = cpuSnapshot();
  const latency = await profiledPhase('latency', [a, b], STATIC_DIR, WARMUP + SAMPLES, () =>
    measureBrowserLatency(a, b, WARMUP, SAMPLES, db, DEVICE.trace),
  );
  const latencyCpu = cpuSince(cpu);
  for (const d of devices.splice(0)) await closeDevice(d);

  log(`device C (a fresh shopper): ${DRAIN_N} commands offline, then online`);
  const c = await openBrowserDevice(browser, server.url + PAGE_PATH, 'C', DEVICE);
  devices.push(c);
  const drain = await measureBrowserDrain(c, DRAIN_N, (work) =>
    profiledPhase('drain-online', [c], STATIC_DIR, 1, work),
  );
  log(`raw-protocol drain of ${DRAIN_N} commands (no browser, no RxDB)`);
  const rawDrainMs = await measureRawDrain(server.url, DRAIN_N);
  return { latency, echo: echoSamples, drain, rawDrainMs, cpu: { echo: echoCpu, latency: latencyCpu } };
};

const main = async (): Promise<void> => {
  log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const reason = process.env.BENCH_STATIC_DIR ? undefined : PLAIN ? 'BENCH_PLAIN=1: unminified' : needsBuild();
  if (reason) {
    log(`building the client (${reason})`);
    await build({
      logLevel: 'warn',
      ...(PLAIN ? { build: { minify: false, sourcemap: true, outDir: STATIC_DIR, emptyOutDir: true } } : {}),
    });
  }
  log('PGlite (in memory), sync server, echo server, Chromium');
  const db = await openPglite();
  cleanups.push(() => db.close());
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'on',
    SEED_DEMO: 'on',
    STATIC_DIR,
    db,
  });
  cleanups.push(() => server.close());
  const echo = await startEchoServer();
  cleanups.push(() => echo.close());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());

  const figures = await run(server, db, echo, browser);
  await closeAll();
  report(figures);
};

const report = ({ latency, echo, drain, rawDrainMs, cpu }: Figures): void => {
  const lat: Percentiles = percentiles(latency.total);
  const ech: Percentiles = percentiles(echo);
  const ratio = lat.p50 / ech.p50;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const rows: string[][] = (['p50', 'p95', 'p99'] as const).map((p) => [
    `1. latency A->B ${p} (ms)`,
    fmt(lat[p]),
    `echo ${p} ${fmt(ech[p])}`,
    `${fmt(lat[p] / ech[p])}x`,
    p === 'p50' ? `p50 within 3x the echo: ${verdict(ratio <= 3)}` : '',
  ]);
  rows.push([
    `2. drain ${DRAIN_N} offline cmds (ms)`,
    fmt(drain.ms),
    `raw protocol ${fmt(rawDrainMs)}`,
    `${fmt(drain.ms / rawDrainMs)}x`,
    `under 500 ms: ${verdict(drain.ms < 500)}`,
  ]);
  console.log('');
  console.log(
    table(['measure (Chromium, Dexie on IndexedDB)', 'value', 'baseline / other view', 'ratio', 'goal'], rows),
  );
  const dispatch = percentiles(latency.dispatch);
  console.log(
    `\n1. ${lat.n} samples (max ${fmt(lat.max)} ms; echo max ${fmt(ech.max)} ms). Timed in Node from just before A's ` +
      `page.evaluate to B's binding call: both figures include one CDP hop in (Node -> A) and one out (B -> Node), ` +
      `nothing subtracted. A's local dispatch() inside the page: p50 ${fmt(dispatch.p50)} / p95 ${fmt(dispatch.p95)} ms. ` +
      `Pages on ${PAGE_PATH}, service workers: ${DEVICE.serviceWorkers}.`,
  );
  console.log(`   echo ${describeCpu(cpu.echo, { n: WARMUP + SAMPLES, what: 'round' })}`);
  console.log(`   A->B ${describeCpu(cpu.latency, { n: WARMUP + SAMPLES, what: 'round' })}`);
  if (latency.segments) {
    console.log(
      `   medians over ${latency.segments[0]?.n ?? 0} traced samples (ms): ` +
        latency.segments.map((s) => `${s.name} ${fmt(s.p50)}`).join(', '),
    );
  }
  if (latency.idb) {
    const { rounds, a, b, names } = latency.idb;
    for (const [name, counts] of [
      ['A', a],
      ['B', b],
    ] as const) {
      console.log(
        `   IndexedDB on ${name} per round: transactions ${describeCounts(counts.transactions, names, rounds, 6)}; ` +
          `requests ${describeCounts(counts.requests, names, rounds, 8)}`,
      );
    }
  }
  console.log(
    `2. timed inside the page (performance.now()) from its 'online' event to client.settled(); from Node ` +
      `(before setOffline(false) -> answer, CDP hops included) ${fmt(drain.nodeMs)} ms. In the page: stream connected ` +
      `+${fmt(drain.connectedMs)} ms, waiting 0 +${fmt(drain.waitingZeroMs)} ms. The ${DRAIN_N} offline dispatch() ` +
      `calls took ${fmt(drain.dispatchMs)} ms (not measured; ${fmt(drain.dispatchEach.first50)} ms each for the first 50, ` +
      `${fmt(drain.dispatchEach.last50)} for the last 50). Outcomes: ${JSON.stringify(drain.statuses)}.`,
  );
  console.log(`   online -> answer ${describeCpu(drain.cpu)}`);
  console.log(
    `   raw protocol: the same ${DRAIN_N} commands pushed by fetch from Node in rows of 500, results awaited on the ` +
      `raw stream (server + protocol alone, no browser, no RxDB).`,
  );
  if (drain.requests) console.log(`   requests after online (ms from the online event): ${drain.requests.join('; ')}`);
  if (drain.idb) {
    const { transactions, requests, names } = drain.idb;
    console.log(
      `   IndexedDB from online to settled: transactions ${describeCounts(transactions, names, 1, 6)}; ` +
        `requests per command ${describeCounts(requests, names, DRAIN_N, 8)}`,
    );
  }
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('');
  console.log(
    `bench:browser latency_p50_ms=${round(lat.p50)} echo_p50_ms=${round(ech.p50)} ratio=${round(ratio)} ` +
      `drain_1000_ms=${round(drain.ms, 0)}`,
  );
};

main()
  .then(() => {
    clearTimeout(watchdog);
    // Everything is closed; a library timer must not keep the process alive.
    setTimeout(() => process.exit(0), 2000).unref();
  })
  .catch(async (error: unknown) => {
    console.error('bench:browser failed:', error);
    await closeAll();
    process.exit(1);
  });
