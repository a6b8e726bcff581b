/**
 * `npm run bench:halfopen`: one address holding 20,000 half-open connections, and everyone else (issue 31).
 *
 * A server in another process on loopback (sync-server/main.ts with its production defaults for the cap per
 * address and the headers timeout, PGlite in a temporary folder, or PostgreSQL with DATABASE_URL). Another caller,
 * 127.0.0.2 (counted by the cap like any host; 127.0.0.1 is the host itself and is not), sends RATE requests a
 * second, half on a new connection each and half on connections kept alive, GET /healthz and a catalogue read in
 * turn, and each round trip is timed:
 * first with no attack, then while an attacker (halfopen-attacker.ts, processes of their own) holds N connections
 * from 127.0.0.3, sends nothing on them and opens each again RECONNECT ms after the server closed it: 10 s (the
 * Retry-After it is told), then 1 s (a flood of new connections, which every one goes through the kernel's accept
 * queue with the other callers' before the server can refuse it).
 *
 * Prints the round trips without and with the attack, what became of the attacker's connections (refused 429 at
 * the cap, closed 408 by the headers timeout), and a last line to grep. Exits 1 when a measured request failed.
 * `--cap 0` starts the server without the cap, to see what it prevents.
 *
 *   npm run bench:halfopen [-- --attackers 20000 --seconds 30 --rate 50 --reconnect-ms 10000,1000 --cap 256]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { AttackTally } from './halfopen-attacker.ts';
import { startRaisedLimitServer } from './raised-limit-server.ts';
import { sized } from './short.ts';
import { fmt, percentiles, sleep, table, type Percentiles } from './stats.ts';

const { values } = parseArgs({
  options: {
    attackers: { type: 'string', default: sized('20000', '300') },
    seconds: { type: 'string', default: sized('30', '3') },
    rate: { type: 'string', default: sized('50', '20') },
    /** One attack a value: how long the attacker waits to open a closed connection again. */
    'reconnect-ms': { type: 'string', default: '10000,1000' },
    /** CONNECTIONS_PER_ADDRESS_MAX for the server; unset: its default. */
    cap: { type: 'string' },
    /** The short mode (short.ts): read there, accepted here. */
    short: { type: 'boolean' },
  },
});
const ATTACKERS = Math.max(1, Number(values.attackers));
const SECONDS = Math.min(600, Math.max(1, Number(values.seconds)));
const RATE = Math.min(1000, Math.max(1, Number(values.rate)));
const RECONNECTS_MS = values['reconnect-ms'].split(',').map((ms) => Math.max(0, Number(ms)));
const CALLER = '127.0.0.2';
const ATTACKER = '127.0.0.3';
/** Connections one attacker process holds at most: well inside its own `ulimit -n` (20,000 on CI machines). */
const PER_ATTACKER_PROCESS = 10_000;
const PATHS = ['/healthz', '/api/catalog/products/APP3'];

/** The server, with its production defaults for the cap and the headers timeout unless `--cap` says otherwise. */
const startServer = () =>
  startRaisedLimitServer({
    name: 'bench-halfopen-',
    env: values.cap !== undefined ? { CONNECTIONS_PER_ADDRESS_MAX: values.cap } : {},
  });

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
    async start(reconnectMs: number): Promise<void> {
      const started = next<true>('started');
      child.send({ start: { reconnectMs } });
      await started;
    },
    /** Closes every connection of the attack; what it did. */
    async halt(): Promise<AttackTally> {
      const halted = next<AttackTally>('halted');
      child.send({ halt: true });
      return halted;
    },
    async tally(): Promise<AttackTally> {
      const answer = next<AttackTally>('tally');
      child.send({ tally: true });
      return answer;
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || !child.connected) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ stop: true });
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
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

/** One GET from the caller's address, on a connection of its own or the agent's: its round trip (ms), or why not. */
const timedGet = (url: string, requestPath: string, agent: http.Agent | false): Promise<number> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const sent = performance.now();
    const request = http.get(
      { host: hostname, port: Number(port), path: requestPath, localAddress: CALLER, agent, timeout: 30_000 },
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

/**
 * RATE requests a second for `seconds`, each on time whatever the previous ones are doing: half on a new
 * connection each (a shopper arriving: through the server's accept queue, which the attack floods), half on
 * connections kept alive (a shopper already browsing).
 */
const measure = async (url: string, seconds: number) => {
  const series = {
    fresh: { samples: [] as number[], agent: false as const },
    keptAlive: { samples: [] as number[], agent: new http.Agent({ keepAlive: true, maxSockets: 8 }) },
  };
  const failures: string[] = [];
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < Math.round(seconds * RATE); i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const { samples, agent } = i % 2 === 0 ? series.fresh : series.keptAlive;
    inFlight.push(
      timedGet(url, PATHS[Math.floor(i / 2) % PATHS.length]!, agent).then(
        (ms) => void samples.push(ms),
        (error: unknown) => void failures.push((error as Error).message),
      ),
    );
  }
  await Promise.all(inFlight);
  series.keptAlive.agent.destroy();
  const all = [...series.fresh.samples, ...series.keptAlive.samples];
  return {
    ...percentiles(all),
    fresh: percentiles(series.fresh.samples),
    keptAlive: percentiles(series.keptAlive.samples),
    failed: failures.length,
    failures,
  };
};

const refusedByServer = async (url: string): Promise<number> =>
  ((await (await fetch(`${url}/healthz`)).json()) as { connectionsRefused?: number }).connectionsRefused ?? 0;

const main = async (): Promise<void> => {
  const loadBefore = loadavg()[0]!.toFixed(1);
  const server = await startServer();
  const processes = Math.ceil(ATTACKERS / PER_ATTACKER_PROCESS);
  const attackers = Array.from({ length: processes }, (_, i) =>
    startAttacker(server.url, Math.min(PER_ATTACKER_PROCESS, ATTACKERS - i * PER_ATTACKER_PROCESS)),
  );
  const tallies = async (): Promise<AttackTally> => sumTallies(await Promise.all(attackers.map((a) => a.tally())));
  try {
    await Promise.all(attackers.map((a) => a.ready));
    await measure(server.url, sized(3, 1)); // unmeasured: the server's JIT and the store's first statements
    const quiet = await measure(server.url, SECONDS);
    console.log(`  no attack: p50 ${fmt(quiet.p50)} ms, p99 ${fmt(quiet.p99)} ms, failed ${quiet.failed}`);
    const row = (label: string, r: Percentiles, base: Percentiles, failed: string): string[] => [
      label,
      String(r.n),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      `${fmt(r.p50 / base.p50)}x / ${fmt(r.p99 / base.p99)}x`,
      failed,
    ];
    const rows = [
      row('no attack: new connections', quiet.fresh, quiet.fresh, String(quiet.failed)),
      row('no attack: kept alive', quiet.keptAlive, quiet.keptAlive, ''),
    ];
    const notes: string[] = [];
    const summary: string[] = [];
    const failures = [...quiet.failures];
    for (const reconnectMs of RECONNECTS_MS) {
      await Promise.all(attackers.map((a) => a.start(reconnectMs)));
      await sleep(sized(2_000, 300)); // the attack's first wave refused, the held ones in place
      const from = await tallies();
      const refusedFrom = await refusedByServer(server.url);
      const windowStart = performance.now();
      const attacked = await measure(server.url, SECONDS);
      const windowSeconds = (performance.now() - windowStart) / 1000;
      const to = await tallies();
      const refusedTo = await refusedByServer(server.url);
      const whole = sumTallies(await Promise.all(attackers.map((a) => a.halt())));
      await sleep(sized(3_000, 300)); // the server closes what the attack left
      console.log(
        `  attack, reconnecting after ${reconnectMs} ms: p50 ${fmt(attacked.p50)} ms, p99 ${fmt(attacked.p99)} ms, ` +
          `failed ${attacked.failed}`,
      );
      const label = `attack, reconnect ${fmt(reconnectMs / 1000)} s`;
      rows.push(
        row(`${label}: new connections`, attacked.fresh, quiet.fresh, String(attacked.failed)),
        row(`${label}: kept alive`, attacked.keptAlive, quiet.keptAlive, ''),
      );
      failures.push(...attacked.failures);
      notes.push(
        `${label}: ${whole.attempts.toLocaleString('en-US')} connections opened, ${whole.refused.toLocaleString('en-US')} ` +
          `refused 429 at the cap, ${whole.timedOut.toLocaleString('en-US')} closed 408 by the headers timeout, ` +
          `${whole.otherwise.toLocaleString('en-US')} otherwise ended, at most ${whole.peakOpen.toLocaleString('en-US')} ` +
          `connected at once (as the attacker saw it); while measured ${fmt((to.attempts - from.attempts) / windowSeconds)} ` +
          `connections/s, the server refused ${(refusedTo - refusedFrom).toLocaleString('en-US')}`,
      );
      summary.push(
        `reconnect${reconnectMs}_p50=${fmt(attacked.p50)} reconnect${reconnectMs}_p99=${fmt(attacked.p99)} ` +
          `reconnect${reconnectMs}_kept_alive_p99=${fmt(attacked.keptAlive.p99)} ` +
          `reconnect${reconnectMs}_new_p99=${fmt(attacked.fresh.p99)} reconnect${reconnectMs}_refused=${whole.refused} ` +
          `reconnect${reconnectMs}_failed=${attacked.failed}`,
      );
    }
    console.log(
      `\nrequests from ${CALLER} at ${RATE}/s for ${SECONDS} s a row, half on new connections, half kept alive ` +
        `(${PATHS.join(' and ')}); the attacker ${ATTACKER} holds ${ATTACKERS.toLocaleString('en-US')} connections ` +
        `that send nothing and opens each again some time after it is closed; server cap per address ` +
        `${values.cap ?? 'default (256)'}; ${cpus().length} cores shared by the server, the attacker and this process ` +
        `(and the machine's other work: load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after)\n`,
    );
    console.log(
      table(['', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'vs no attack (p50 / p99)', 'failed (both)'], rows),
    );
    console.log(`\n${notes.join('\n')}`);
    if (failures.length > 0) console.log(`failed requests (first 5): ${failures.slice(0, 5).join('; ')}`);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => /refused|dropped/.test(line));
    if (warnings.length > 0) console.log(`server said (first 2):\n  ${warnings.slice(0, 2).join('\n  ')}`);
    console.log(
      `bench:halfopen attackers=${ATTACKERS} cap=${values.cap ?? 'default'} rate=${RATE} seconds=${SECONDS} ` +
        `quiet_p50=${fmt(quiet.p50)} quiet_p99=${fmt(quiet.p99)} ${summary.join(' ')} failed=${failures.length}`,
    );
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await Promise.all(attackers.map((a) => a.stop()));
    await server.stop(15_000);
  }
};

await main();
