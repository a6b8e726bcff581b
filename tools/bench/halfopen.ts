/**
 * `npm run bench:halfopen`: one address holding 20,000 half-open connections, and everyone else (issue 31).
 *
 * A server in another process on loopback (sync-server/main.ts with its production defaults for the cap per
 * address and the headers timeout, PGlite in a temporary folder, or PostgreSQL with DATABASE_URL). Another caller,
 * 127.0.0.2 (counted by the cap like any host; 127.0.0.1 is the host itself and is not), sends RATE requests a
 * second, each on a new connection, alternately GET /healthz and a catalogue read, and each round trip is timed:
 * first with no attack, then while an attacker (halfopen-attacker.ts, processes of their own) holds N connections
 * from 127.0.0.3, sends nothing on them and opens each again RECONNECT ms after the server closed it.
 *
 * Prints the round trips without and with the attack, what became of the attacker's connections (refused 429 at
 * the cap, closed 408 by the headers timeout), and a last line to grep. Exits 1 when a measured request failed.
 * `--cap 0` starts the server without the cap, to see what it prevents.
 *
 *   npm run bench:halfopen [-- --attackers 20000 --seconds 30 --rate 50 --reconnect-ms 1000 --cap 256]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../../sync-server/node-flags.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { freePort } from '../../tests/support/server-process.ts';
import type { AttackTally } from './halfopen-attacker.ts';
import { sized } from './short.ts';
import { fmt, percentiles, sleep, table } from './stats.ts';

const { values } = parseArgs({
  options: {
    attackers: { type: 'string', default: sized('20000', '300') },
    seconds: { type: 'string', default: sized('30', '3') },
    rate: { type: 'string', default: sized('50', '20') },
    'reconnect-ms': { type: 'string', default: '1000' },
    /** CONNECTIONS_PER_ADDRESS_MAX for the server; unset: its default. */
    cap: { type: 'string' },
    /** The short mode (short.ts): read there, accepted here. */
    short: { type: 'boolean' },
  },
});
const ATTACKERS = Math.max(1, Number(values.attackers));
const SECONDS = Math.min(600, Math.max(1, Number(values.seconds)));
const RATE = Math.min(1000, Math.max(1, Number(values.rate)));
const RECONNECT_MS = Math.max(0, Number(values['reconnect-ms']));
const CALLER = '127.0.0.2';
const ATTACKER = '127.0.0.3';
/** Connections one attacker process holds at most: well inside its own `ulimit -n` (20,000 on CI machines). */
const PER_ATTACKER_PROCESS = 10_000;
const PATHS = ['/healthz', '/api/catalog/products/APP3'];

/** The server, with its descriptor limit raised to the hard limit when the shell allows it. */
const startServer = async (): Promise<{ url: string; output: () => string; stop(): Promise<void> }> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-halfopen-'));
  const child = spawn(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'bash',
      process.execPath,
      ...SERVER_NODE_FLAGS,
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
        ...(values.cap !== undefined ? { CONNECTIONS_PER_ADDRESS_MAX: values.cap } : {}),
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
    output: () => log.join(''),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** One attacker process (descriptor limit raised like the server's), driven over IPC. */
const startAttacker = (url: string, count: number) => {
  const child: ChildProcess = spawn(
    'bash',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'bash',
      process.execPath,
      '--import',
      'tsx',
      'tools/bench/halfopen-attacker.ts',
      url,
      ATTACKER,
      String(count),
      String(RECONNECT_MS),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = <T>(key: string): Promise<T> =>
    new Promise((resolve) => {
      const onMessage = (message: Record<string, unknown>): void => {
        if (!(key in message)) return;
        child.off('message', onMessage);
        resolve(message[key] as T);
      };
      child.on('message', onMessage);
    });
  const ready = next<true>('ready');
  return {
    ready,
    async start(): Promise<void> {
      const started = next<true>('started');
      child.send({ start: true });
      await started;
    },
    async tally(): Promise<AttackTally> {
      const answer = next<AttackTally>('tally');
      child.send({ tally: true });
      return answer;
    },
    async stop(): Promise<AttackTally> {
      if (child.exitCode !== null || !child.connected) return emptyTally();
      const answer = next<AttackTally>('tally');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ stop: true });
      const last = await answer;
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      return last;
    },
  };
};

const emptyTally = (): AttackTally => ({ open: 0, peakOpen: 0, attempts: 0, refused: 0, timedOut: 0, otherwise: 0 });
const sumTallies = (tallies: readonly AttackTally[]): AttackTally =>
  tallies.reduce(
    (sum, t) => ({
      open: sum.open + t.open,
      peakOpen: sum.peakOpen + t.peakOpen,
      attempts: sum.attempts + t.attempts,
      refused: sum.refused + t.refused,
      timedOut: sum.timedOut + t.timedOut,
      otherwise: sum.otherwise + t.otherwise,
    }),
    emptyTally(),
  );

/** One GET from the caller's address on a connection of its own: its round trip (ms), or why it failed. */
const timedGet = (url: string, requestPath: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const sent = performance.now();
    const request = http.get(
      { host: hostname, port: Number(port), path: requestPath, localAddress: CALLER, agent: false, timeout: 30_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - sent)
            : reject(new Error(`${requestPath}: ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${requestPath}: no answer in 30 s`)));
    request.on('error', reject);
  });

/** RATE requests a second for `seconds`, each on time whatever the previous ones are doing. */
const measure = async (url: string, seconds: number) => {
  const samples: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < Math.round(seconds * RATE); i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      timedGet(url, PATHS[i % PATHS.length]!).then(
        (ms) => void samples.push(ms),
        (error: unknown) => void failures.push((error as Error).message),
      ),
    );
  }
  await Promise.all(inFlight);
  return { ...percentiles(samples), failed: failures.length, failures };
};

const refusedByServer = async (url: string): Promise<number> =>
  ((await (await fetch(`${url}/healthz`)).json()) as { connectionsRefused?: number }).connectionsRefused ?? 0;

const main = async (): Promise<void> => {
  const server = await startServer();
  const processes = Math.ceil(ATTACKERS / PER_ATTACKER_PROCESS);
  const attackers = Array.from({ length: processes }, (_, i) =>
    startAttacker(server.url, Math.min(PER_ATTACKER_PROCESS, ATTACKERS - i * PER_ATTACKER_PROCESS)),
  );
  try {
    await Promise.all(attackers.map((a) => a.ready));
    await measure(server.url, sized(3, 1)); // unmeasured: the server's JIT and the store's first statements
    const quiet = await measure(server.url, SECONDS);
    console.log(`  no attack: p50 ${fmt(quiet.p50)} ms, p99 ${fmt(quiet.p99)} ms, failed ${quiet.failed}`);

    await Promise.all(attackers.map((a) => a.start()));
    await sleep(sized(2_000, 300)); // the attack's first wave refused, the held ones in place
    const from = sumTallies(await Promise.all(attackers.map((a) => a.tally())));
    const refusedFrom = await refusedByServer(server.url);
    const windowStart = performance.now();
    const attacked = await measure(server.url, SECONDS);
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const to = sumTallies(await Promise.all(attackers.map((a) => a.tally())));
    const refusedTo = await refusedByServer(server.url);
    const final = sumTallies(await Promise.all(attackers.map((a) => a.stop())));
    console.log(`  attack: p50 ${fmt(attacked.p50)} ms, p99 ${fmt(attacked.p99)} ms, failed ${attacked.failed}`);

    const row = (label: string, r: typeof quiet): string[] => [
      label,
      String(r.n + r.failed),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      `${fmt(r.p50 / quiet.p50)}x / ${fmt(r.p99 / quiet.p99)}x`,
      String(r.failed),
    ];
    console.log(
      `\nrequests from ${CALLER} at ${RATE}/s for ${SECONDS} s, each on a new connection (${PATHS.join(' and ')}); ` +
        `the attacker ${ATTACKER} holds ${ATTACKERS.toLocaleString('en-US')} connections that send nothing and ` +
        `opens each again ${RECONNECT_MS} ms after it is closed; server cap per address ` +
        `${values.cap ?? 'default (256)'}; ${cpus().length} cores shared by the server, the attacker and this process\n`,
    );
    console.log(
      table(
        ['', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'vs no attack (p50 / p99)', 'failed'],
        [row('no attack', quiet), row(`${ATTACKERS.toLocaleString('en-US')} half-open from ${ATTACKER}`, attacked)],
      ),
    );
    const during = {
      attempts: to.attempts - from.attempts,
      refused: to.refused - from.refused,
      timedOut: to.timedOut - from.timedOut,
      otherwise: to.otherwise - from.otherwise,
    };
    console.log(
      `\nthe attacker over the whole attack: ${final.attempts.toLocaleString('en-US')} connections opened, ` +
        `${final.refused.toLocaleString('en-US')} refused 429 at the cap, ${final.timedOut.toLocaleString('en-US')} ` +
        `closed 408 by the headers timeout, ${final.otherwise.toLocaleString('en-US')} otherwise ended; ` +
        `at most ${final.peakOpen.toLocaleString('en-US')} connected at once`,
    );
    console.log(
      `during the measured ${fmt(windowSeconds)} s: ${fmt(during.attempts / windowSeconds)} attacker connections/s, ` +
        `${during.refused.toLocaleString('en-US')} refused (the server counted ${(refusedTo - refusedFrom).toLocaleString('en-US')}), ` +
        `${during.timedOut.toLocaleString('en-US')} closed by the timeout`,
    );
    const failures = [...quiet.failures, ...attacked.failures];
    if (failures.length > 0) console.log(`failed requests (first 5): ${failures.slice(0, 5).join('; ')}`);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => /refused|dropped/.test(line));
    if (warnings.length > 0) console.log(`server said (first 3):\n  ${warnings.slice(0, 3).join('\n  ')}`);
    console.log(
      `bench:halfopen attackers=${ATTACKERS} reconnect_ms=${RECONNECT_MS} cap=${values.cap ?? 'default'} ` +
        `rate=${RATE} seconds=${SECONDS} quiet_p50=${fmt(quiet.p50)} quiet_p99=${fmt(quiet.p99)} ` +
        `attack_p50=${fmt(attacked.p50)} attack_p99=${fmt(attacked.p99)} p99_ratio=${fmt(attacked.p99 / quiet.p99)} ` +
        `attacker_refused=${final.refused} attacker_timed_out=${final.timedOut} failed=${failures.length}`,
    );
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await Promise.all(attackers.map((a) => a.stop()));
    await server.stop();
  }
};

await main();
