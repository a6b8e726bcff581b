/**
 * `npm run bench:streams`: the push round trip with many live streams held open (issue 15, defect 9).
 *
 * A server in another process on loopback (sync-server/main.ts, PGlite in a temporary folder, or PostgreSQL with
 * DATABASE_URL) holds N live streams opened by a third process (stream-holder.ts), one socket each, spread over guests (at most
 * MAX_STREAMS_PER_OWNER per owner), while 50 other guests push one command each at 200 pushes/s in all; each
 * push's HTTP round trip is measured. The heartbeat is set to every 2 s (HEARTBEAT_MS; 15 s in production), so
 * several beats fall in each measured window: the heartbeat's stall, when there is one, is in the p99.
 *
 * Bounded: each step measures for --seconds (10), opening streams stops at the server's first 503 (its limit,
 * derived from `ulimit -n`) or at what this process's own descriptor limit leaves room for; loopback only.
 *
 *   npm run bench:streams [-- --streams 1000,19000 --seconds 10 --rate 200]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { descriptorLimit } from '../../sync-server/sync/stream-limits.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { freePort } from '../../tests/support/server-process.ts';
import { cartCommand, createGuestCart, push, type GuestCart } from './raw-client.ts';
import { fmt, percentiles, pool, sleep, table } from './stats.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000,19000' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
  },
});
const STEPS = values.streams.split(',').map(Number);
const SECONDS = Math.min(120, Math.max(1, Number(values.seconds)));
const RATE = Math.min(2000, Math.max(1, Number(values.rate)));
const PER_OWNER = 20;
const PUSHERS = 50;
const HEARTBEAT_MS = 2_000;
const WARMUP_SECONDS = 3;

/** The server, with its descriptor limit raised to the hard limit when the shell allows it. */
const startServer = async (): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-streams-'));
  const child = spawn(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'bash',
      process.execPath,
      '--import',
      'tsx',
      'sync-server/main.ts',
    ],
    {
      env: {
        ...process.env,
        ...RELAXED_LIMITS,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: '/nonexistent',
        SEED: 'demo',
        HEARTBEAT_MS: String(HEARTBEAT_MS),
        MAX_STREAMS_PER_OWNER: String(PER_OWNER),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log.join('')}`);
    await sleep(250);
  }
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      const warnings = log
        .join('')
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
      push(url, client.guest.token, [command])
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
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
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
    for (const target of [0, ...STEPS]) {
      const held = await holder.hold(Math.min(target, room, serverLimit));
      open = held.open;
      refusedAt = held.refusedAt;
      await sleep(HEARTBEAT_MS); // let the opening settle
      const result = await measurePushes(server.url, pushers, SECONDS, RATE);
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
        String(result.skipped + result.failed),
      ]);
      console.log(`  ${label} streams: p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms`);
    }
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>;
    console.log(
      `\npush round trip at ${RATE} pushes/s, ${SECONDS} s per row, heartbeat every ${HEARTBEAT_MS / 1000} s, ` +
        `streams held by another process (${String(health.store)})\n`,
    );
    console.log(
      table(
        ['live streams', 'pushes', 'p50 ms', 'p99 ms', 'max ms', 'vs no streams (p50 / p99)', 'late or failed'],
        rows,
      ),
    );
    console.log(`\nserver: ${JSON.stringify(health)}`);
    if (refusedAt !== undefined) console.log(`the server refused new streams with 503 at ${refusedAt} open`);
  } finally {
    await holder.stop();
    await server.stop();
  }
};

await main();
