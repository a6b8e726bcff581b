/**
 * `npm run bench:streams`: the push round trip with many live streams held open (issue 15, defect 9).
 *
 * A server in another process on loopback (sync-server/main.ts, PGlite in a temporary folder, or PostgreSQL with
 * DATABASE_URL) holds N live streams opened by a third process (stream-holder.ts), one socket each, spread over guests (at most
 * MAX_STREAMS_PER_OWNER per owner), while 50 other guests push one command each at 200 pushes/s in all; each
 * push's HTTP round trip is measured. The heartbeat is production's (15 s) and each row measures for 32 s, so at
 * least two full heartbeats fall in every row: the heartbeat's cost, whatever it is, is in the p99.
 *
 * From inside the server (streams-probe.ts, loaded with --import; the server's code is unchanged) each row also
 * reports the event loop's delay (p99, max), the server's CPU share and its longest GC pause; the holder and this
 * process report their own CPU share, since all three share the machine's cores. `--profile file.cpuprofile`
 * writes a CPU profile of the server during the last row and the settling before it, `--heap file.heapprofile`
 * what the server keeps alive of what it allocated while the last row's streams opened (read either with
 * streams-profile.ts).
 *
 * Bounded: opening streams stops at the server's first 503 (its limit, derived from `ulimit -n`) or at what this
 * process's own descriptor limit leaves room for; loopback only.
 *
 * `--node-flags=--trace-gc --server-log f` keeps what the server printed (there, each collection of the server's
 * thread) in a file.
 *
 *   npm run bench:streams [-- --streams 1000,19000 --seconds 32 --rate 200 --heartbeat 15000 --profile f --heap f]
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { descriptorLimit } from '../../sync-server/sync/stream-limits.ts';
import { freePort } from '../../tests/support/server-process.ts';
import { pushOverHttp } from './http-push.ts';
import { cartCommand, createGuestCart, type GuestCart } from './raw-client.ts';
import { startRaisedLimitServer } from './raised-limit-server.ts';
import { sized } from './short.ts';
import { fmt, percentiles, pool, sleep, table } from './stats.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: sized('1000,19000', '20') },
    seconds: { type: 'string' },
    rate: { type: 'string', default: sized('200', '20') },
    heartbeat: { type: 'string', default: sized('15000', '500') },
    profile: { type: 'string' },
    heap: { type: 'string' },
    'node-flags': { type: 'string' },
    'server-log': { type: 'string' },
    /** The short mode (short.ts): read there, accepted here. */
    short: { type: 'boolean' },
  },
});
const STEPS = values.streams.split(',').map(Number);
const HEARTBEAT_MS = Math.min(60_000, Math.max(100, Number(values.heartbeat)));
/** By default two heartbeat intervals and 2 s more: every row holds at least two full beats. */
const SECONDS = Math.min(300, Math.max(1, Number(values.seconds ?? (2 * HEARTBEAT_MS) / 1000 + 2)));
const RATE = Math.min(2000, Math.max(1, Number(values.rate)));
const PER_OWNER = 20;
const PUSHERS = sized(50, 5);
const WARMUP_SECONDS = sized(3, 1);
const SETTLE_MS = sized(3_000, 300);

interface ProbeWindow {
  loopDelayMs: { p50: number; p99: number; max: number };
  loopUtilization: number;
  cpuShare: number;
  gc: { count: number; totalMs: number; maxMs: number };
  heapMb: number;
  stalls: { atMs: number; ms: number; gcMs: number }[];
}

/** The server, with the probe loaded (its port in STREAMS_PROBE_PORT). */
const startServer = async () => {
  const probePort = await freePort();
  const server = await startRaisedLimitServer({
    name: 'bench-streams-',
    env: {
      HEARTBEAT_MS: String(HEARTBEAT_MS),
      MAX_STREAMS_PER_OWNER: String(PER_OWNER),
      STREAMS_PROBE_PORT: String(probePort),
    },
    // e.g. `--node-flags=--trace-gc` with `--server-log f`: what the collector did, in the server's own words
    nodeArgs: [
      ...(values['node-flags']?.split(' ').filter(Boolean) ?? []),
      '--import',
      './tools/bench/streams-probe.ts',
    ],
  });
  return {
    ...server,
    probe: async (what: string): Promise<unknown> => (await fetch(`http://127.0.0.1:${probePort}${what}`)).json(),
    async stop() {
      await server.stop(10_000);
      if (values['server-log']) writeFileSync(values['server-log'], server.output());
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => /refused|dropped/.test(line));
      if (warnings.length > 0) console.log(`server said:\n  ${warnings.slice(0, 5).join('\n  ')}`);
    },
  };
};

/** Pushes at `rate` a second for `seconds`, each pusher one at a time; the round trips, in ms. */
const measurePushes = async (url: string, pushers: GuestCart[], seconds: number, rate: number) => {
  const clients = pushers.map((guest) => ({ guest, clientId: uuidv7(), seq: 0, busy: false }));
  const samples: number[] = [];
  let skipped = 0;
  let failed = 0;
  const started = performance.now();
  const total = Math.round(seconds * rate);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const client = clients.find((c) => !c.busy);
    if (!client) {
      skipped += 1;
      continue;
    }
    client.busy = true;
    client.seq += 1;
    const command = cartCommand(
      { owner: client.guest.owner, clientId: client.clientId, seq: client.seq },
      client.seq % 2 === 1 ? 'add' : 'remove',
      'APP3',
    );
    const sent = performance.now();
    inFlight.push(
      pushOverHttp(url, client.guest.token, [command])
        .then(() => void samples.push(performance.now() - sent))
        .catch(() => void (failed += 1))
        .finally(() => (client.busy = false)),
    );
  }
  await Promise.all(inFlight);
  return { ...percentiles(samples), skipped, failed };
};

/** The stream holder (stream-holder.ts), forked: asked to hold N streams, it answers how many are open. */
const startHolder = (url: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/bench/stream-holder.ts', url, String(PER_OWNER)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(): Promise<T> => new Promise((resolve) => child.once('message', (m) => resolve(m as T)));
  const ready = next<{ ready: true }>();
  return {
    ready,
    async hold(n: number): Promise<{ open: number; refusedAt?: number }> {
      const answer = next<{ open: number; refusedAt?: number }>();
      child.send({ hold: n });
      return answer;
    },
    /** The holder's CPU time (user + system, µs) so far. */
    async cpu(): Promise<number> {
      const answer = next<{ cpu: number }>();
      child.send({ cpu: true });
      return (await answer).cpu;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
};

const ownCpu = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const pct = (share: number): string => `${Math.round(share * 100)}%`;

/**
 * The machine's busy CPU time so far (µs, all cores, from /proc/stat; undefined elsewhere): less the three
 * processes of the bench, what other work on the machine took from the same cores during a row.
 */
const machineBusy = (): number | undefined => {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1e6) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
};

const main = async (): Promise<void> => {
  const ownLimit = descriptorLimit() ?? 1024;
  const server = await startServer();
  const holder = startHolder(server.url);
  try {
    await holder.ready;
    const serverLimit = ((await (await fetch(`${server.url}/healthz`)).json()) as { maxStreams: number }).maxStreams;
    const room = Math.max(0, ownLimit - 200);
    console.log(
      `live streams: the server takes ${serverLimit.toLocaleString('en-US')} (its ulimit -n less a reserve); ` +
        `the holder process can open ${room.toLocaleString('en-US')} (its ulimit -n ${ownLimit} less 200)`,
    );
    const pushers: GuestCart[] = [];
    await pool(
      Array.from({ length: PUSHERS }, (_, i) => i),
      10,
      async () => void pushers.push(await createGuestCart(server.url)),
    );
    // Unmeasured: the server's JIT and the store's first statements would otherwise make the first row the slow one.
    await measurePushes(server.url, pushers, WARMUP_SECONDS, RATE);
    const rows: string[][] = [];
    let baseline: { p50: number; p99: number } | undefined;
    let refusedAt: number | undefined;
    let open = 0;
    let liveHeap0: number | undefined;
    const steps = [0, ...STEPS];
    for (const [index, target] of steps.entries()) {
      const heap = values.heap !== undefined && index === steps.length - 1;
      if (heap) await server.probe('/heap/start');
      const held = await holder.hold(Math.min(target, room, serverLimit));
      open = held.open;
      refusedAt = held.refusedAt;
      // Started before the settling, not with the row: every profile began with 0.6 to 1.4 s of the server stopped
      // (no sample, no push answered), which was the profiled row's max and much of its p99.
      const profiling = values.profile !== undefined && index === steps.length - 1;
      if (profiling) await server.probe('/profile/start');
      // What the held streams keep alive, after a full collection (before the settling, outside the measured
      // window): the heap per stream is the difference to the row without streams, divided by the streams.
      const { heapUsed } = (await server.probe('/heap/live')) as { heapUsed: number };
      liveHeap0 ??= heapUsed;
      await sleep(SETTLE_MS); // let the opening settle
      if (heap) await server.probe(`/heap/stop?file=${encodeURIComponent(path.resolve(values.heap!))}`);
      await server.probe('/reset');
      const cpuFrom = { holder: await holder.cpu(), bench: ownCpu(), machine: machineBusy(), at: performance.now() };
      const result = await measurePushes(server.url, pushers, SECONDS, RATE);
      const wall = (performance.now() - cpuFrom.at) * 1000;
      const inServer = (await server.probe('/window')) as ProbeWindow;
      const holderShare = ((await holder.cpu()) - cpuFrom.holder) / wall;
      const benchShare = (ownCpu() - cpuFrom.bench) / wall;
      const machine = machineBusy();
      const othersShare =
        machine === undefined || cpuFrom.machine === undefined
          ? undefined
          : Math.max(0, (machine - cpuFrom.machine) / wall - inServer.cpuShare - holderShare - benchShare);
      if (profiling) await server.probe(`/profile/stop?file=${encodeURIComponent(path.resolve(values.profile!))}`);
      baseline ??= result;
      const label =
        open === target
          ? open.toLocaleString('en-US')
          : `${open.toLocaleString('en-US')} (asked ${target.toLocaleString('en-US')})`;
      rows.push([
        label,
        String(result.n),
        fmt(result.p50),
        fmt(result.p99),
        fmt(result.max),
        `${fmt(result.p50 / baseline.p50)}x / ${fmt(result.p99 / baseline.p99)}x`,
        `${fmt(inServer.loopDelayMs.p99)} / ${fmt(inServer.loopDelayMs.max)}`,
        `${fmt(inServer.gc.maxMs)} (${inServer.gc.count})`,
        `${pct(inServer.cpuShare)} / ${pct(holderShare)} / ${pct(benchShare)} / ${othersShare === undefined ? '-' : pct(othersShare)}`,
        String(result.skipped + result.failed),
      ]);
      console.log(
        `  ${label} streams: p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, max ${fmt(result.max)} ms; ` +
          `server loop delay p99 ${fmt(inServer.loopDelayMs.p99)} ms, heap ${inServer.heapMb} MB, ` +
          `after a full GC ${fmt(heapUsed / 1e6)} MB` +
          (open > 0 ? ` (${fmt((heapUsed - liveHeap0) / open / 1000)} KB per stream)` : ''),
      );
      if (inServer.stalls.length > 0) {
        console.log(
          `    longest loop stalls (s into the row: ms, of which collections): ` +
            inServer.stalls.map((s) => `${fmt(s.atMs / 1000)}: ${s.ms} (${s.gcMs})`).join(', '),
        );
      }
    }
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>;
    console.log(
      `\npush round trip at ${RATE} pushes/s, ${SECONDS} s per row, heartbeat every ${HEARTBEAT_MS / 1000} s ` +
        `(${Math.floor((SECONDS * 1000) / HEARTBEAT_MS)}+ beats per row), streams held by another process ` +
        `(${String(health.store)}), ${cpus().length} cores shared by the server, the holder and this process\n`,
    );
    console.log(
      table(
        [
          'live streams',
          'pushes',
          'p50 ms',
          'p99 ms',
          'max ms',
          'vs no streams (p50 / p99)',
          'server loop delay p99 / max ms',
          'longest GC ms (count)',
          'CPU, % of one core: server / holder / pusher / rest of machine',
          'late or failed',
        ],
        rows,
      ),
    );
    console.log(`\nserver: ${JSON.stringify(health)}`);
    if (refusedAt !== undefined) console.log(`the server refused new streams with 503 at ${refusedAt} open`);
    if (values.profile) console.log(`CPU profile of the last row: ${values.profile} (tools/bench/streams-profile.ts)`);
  } finally {
    await holder.stop();
    await server.stop();
  }
};

await main();
