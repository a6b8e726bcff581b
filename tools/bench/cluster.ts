/**
 * `npm run bench:cluster`: live devices through HAProxy with several instances on one PostgreSQL (issue 31).
 *
 * 1. Streams: two instances behind the balancer (tools/cluster/start-cluster.ts); S live streams held through it by
 *    two holder processes (cluster-holder.ts); PUSHERS devices push `rate` commands a second in all, and each of
 *    their owners also holds WATCHED streams (its other devices). Push-to-every-device: from sending a push to the
 *    moment the last stream of its owner, on either instance, has its outcome. Rows: one instance without the
 *    balancer (the baseline), the balancer with only the watched streams, the balancer with S streams.
 * 2. Kill: with S streams held and the pushes going on, kill -9 of one instance. Its devices reconnect through
 *    the balancer as the client does (after the server's retry, then a pull from their checkpoint); measured: the
 *    time from the kill until each of them has every outcome it missed, and the outcomes never received (lost).
 * 3. Rolling restart: three instances, the watched streams and the pushes; each instance restarted in turn
 *    (restartInstance, then waitBalanced). A device retries a refused or reset push as the client does; failed is
 *    a push never answered, or a command lost or doubled in the store's log (cluster-oracle.ts).
 *
 * The instances run from the server's build (build/server/main.js, made at the start). Needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL: a fresh database is made beside it per cluster and dropped)
 * and HAProxy. As root, it raises its own descriptor limit (prlimit), which the instances, HAProxy and the holders
 * inherit: 38,000 streams through one balancer are 76,000 of HAProxy's descriptors.
 *
 *   npm run bench:cluster [-- --streams 38000 --rate 200 --seconds 32 --kill-seconds 10 --short]
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { descriptorLimit } from '../../sync-server/sync/stream-limits.ts';
import { RELAXED_LIMITS } from '../../tests/support/relaxed-limits.ts';
import { freshDatabase } from '../cluster/fresh-database.ts';
import { startCluster, type Cluster } from '../cluster/start-cluster.ts';
import { startExtraBalancers, streamsPerBalancer } from './cluster-balancers.ts';
import { checkCommandLog, Deliveries } from './cluster-oracle.ts';
import { startPushLoad, type PushLoad, type PushRecord } from './cluster-pushes.ts';
import { createGuestCart, type GuestCart } from './raw-client.ts';
import { sized } from './short.ts';
import { fmt, percentiles, pool, sleep, table } from './stats.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: sized('38000', '60') },
    rate: { type: 'string', default: sized('200', '20') },
    seconds: { type: 'string', default: sized('32', '4') },
    'kill-seconds': { type: 'string', default: sized('10', '4') },
    /** The short mode (short.ts): read there, accepted here. */
    short: { type: 'boolean' },
  },
});
const STREAMS = Math.max(0, Number(values.streams));
const RATE = Math.min(2000, Math.max(1, Number(values.rate)));
const SECONDS = Math.min(300, Math.max(1, Number(values.seconds)));
const KILL_SECONDS = Math.min(120, Math.max(1, Number(values['kill-seconds'])));
const PUSHERS = sized(50, 5);
/** Each pushing owner's other devices, whose streams are timed. */
const WATCHED_PER_OWNER = sized(4, 2);
const PER_OWNER = 20;
const HOLDERS = 2;
/** Under a holder's own descriptor limit (20,000 here) with room for its pulls. */
const STREAMS_PER_HOLDER = 18_000;
const WARMUP_MS = sized(3_000, 1_000);
/** How long the devices may take to have every outcome before the missing ones count as lost. */
const DELIVERY_GRACE_MS = 30_000;
/** After a row's last push, how long its outcomes may take before they count as not on every device. */
const ROW_GRACE_MS = 5_000;
/** What the bench asks of its own descriptor limit as root (the kernel's fs.nr_open allows far more). */
const WANTED_DESCRIPTORS = 200_000;

const now = (): number => performance.timeOrigin + performance.now();
const postgres = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];

/** As root, raises this process's descriptor limit (soft and hard); its children inherit it. Says what it is. */
const raiseDescriptorLimit = (): string => {
  const before = descriptorLimit() ?? 1024;
  const root = process.getuid?.() === 0;
  const tried = root
    ? spawnSync('prlimit', ['--pid', String(process.pid), `--nofile=${WANTED_DESCRIPTORS}:${WANTED_DESCRIPTORS}`], {
        encoding: 'utf8',
      })
    : undefined;
  const after = descriptorLimit() ?? before;
  if (after > before) {
    return `descriptor limit raised from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} (prlimit, as root)`;
  }
  const why = root ? `prlimit as root refused: ${tried?.stderr.trim() || tried?.error?.message}` : 'not root';
  return `descriptor limit ${after.toLocaleString('en-US')}, not raised (${why})`;
};

type HolderMessage =
  | { ready: true }
  | { open: number; refused?: number; streams: [string, string, boolean][] }
  | { receipts: [string, string, number][] }
  | { drops: [string, number][] }
  | { lives: [string, number][] }
  | { cpu: number }
  | { closed: true }
  | { released: number; left: number };

/** A holder process (cluster-holder.ts): its reports go into `deliveries`; `ask` waits for one kind of answer. */
const startHolder = (url: string, deliveries: Deliveries) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/bench/cluster-holder.ts', url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { match: (m: HolderMessage) => boolean; resolve: (m: HolderMessage) => void }[] = [];
  child.on('message', (raw) => {
    const message = raw as HolderMessage;
    if ('receipts' in message) for (const [key, id, at] of message.receipts) deliveries.receipt(key, id, at);
    else if ('drops' in message) for (const [key, at] of message.drops) deliveries.drop(key, at);
    else if ('lives' in message) for (const [key, at] of message.lives) deliveries.live(key, at);
    const index = waiting.findIndex((w) => w.match(message));
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
  });
  const next = <T extends HolderMessage>(match: (m: HolderMessage) => boolean): Promise<T> =>
    new Promise((resolve) => waiting.push({ match, resolve: (m) => resolve(m as T) }));
  const ready = next((m) => 'ready' in m);
  return {
    ready,
    async hold(request: {
      hold: number;
      port: number;
      watched?: GuestCart[];
      watchedPerOwner?: number;
    }): Promise<{ open: number; refused?: number }> {
      const answer = next<Extract<HolderMessage, { open: number }>>((m) => 'open' in m);
      child.send({ ...request, perOwner: PER_OWNER });
      const result = await answer;
      for (const [key, owner, watched] of result.streams) if (watched) deliveries.watch(key, owner);
      return result;
    },
    async release(count: number): Promise<number> {
      const answer = next<Extract<HolderMessage, { released: number }>>((m) => 'released' in m);
      child.send({ release: count });
      return (await answer).released;
    },
    async closeWatched(): Promise<void> {
      const answer = next((m) => 'closed' in m);
      child.send({ closeWatched: true });
      await answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
};
type Holder = ReturnType<typeof startHolder>;

const portOf = (url: string): number => Number(new URL(url).port);

const startBenchCluster = async (instances: number, databaseUrl: string, streams: number): Promise<Cluster> =>
  startCluster({
    instances,
    databaseUrl,
    seed: 'demo',
    simulators: false,
    staticDir: '/nonexistent',
    // Loopback is not counted by the per-address cap anyway (http/connection-guard.ts); 0 says the bench means it.
    env: { ...RELAXED_LIMITS, MAX_STREAMS_PER_OWNER: String(PER_OWNER), CONNECTIONS_PER_ADDRESS_MAX: '0' },
    // Every device of the bench is on 127.0.0.1: deploy/'s per-address limits would refuse it as one attacker.
    connectionsPerAddress: 1_000_000,
    requestsPer10sPerAddress: 10_000_000,
    maxConnections: streams + 5_000,
  });

/** Waits until every watched stream has every answered push's outcome, or the grace is over; the missing pairs. */
const awaitDeliveries = async (
  deliveries: Deliveries,
  records: readonly PushRecord[],
  graceMs = DELIVERY_GRACE_MS,
): Promise<number> => {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const missing = deliveries.missing(records);
    if (missing === 0 || Date.now() > deadline) return missing;
    await sleep(250);
  }
};

const roundTrips = (records: readonly PushRecord[]): number[] =>
  records.flatMap((r) => (r.answeredAt === undefined ? [] : [r.answeredAt - r.sentAt]));

interface Row {
  label: string;
  pushes: number;
  push: ReturnType<typeof percentiles>;
  every: ReturnType<typeof percentiles>;
  each: ReturnType<typeof percentiles>;
  incomplete: number;
  failed: number;
  retried: number;
  skipped: number;
}

const rowOf = (label: string, records: readonly PushRecord[], deliveries: Deliveries, skipped = 0): Row => {
  const { everyDevice, eachDevice, incomplete } = deliveries.latencies(records);
  return {
    label,
    pushes: records.length,
    push: percentiles(roundTrips(records)),
    every: percentiles(everyDevice),
    each: percentiles(eachDevice),
    incomplete,
    failed: records.filter((r) => r.failed).length,
    retried: records.filter((r) => r.attempts > 1).length,
    skipped,
  };
};

const ROW_HEADER = [
  'row',
  'pushes',
  'due, no free device',
  'push round trip p50 / p99 / max ms',
  'push to every device p50 / p99 / max ms',
  'to each device p50 / p99 ms',
  'not on every device',
  'retried',
  'failed',
];
const rowCells = (row: Row): string[] => [
  row.label,
  String(row.pushes),
  String(row.skipped),
  `${fmt(row.push.p50)} / ${fmt(row.push.p99)} / ${fmt(row.push.max)}`,
  `${fmt(row.every.p50)} / ${fmt(row.every.p99)} / ${fmt(row.every.max)}`,
  `${fmt(row.each.p50)} / ${fmt(row.each.p99)}`,
  String(row.incomplete),
  String(row.retried),
  String(row.failed),
];

/** Runs a load against `url` for the watched streams already open; the records of the measured window. */
const measureRow = async (url: string, pushers: GuestCart[], label: string, deliveries: Deliveries) => {
  const load = startPushLoad(url, pushers, RATE);
  await sleep(WARMUP_MS);
  load.setPhase(label);
  await sleep(SECONDS * 1000);
  await load.stop();
  const records = load.records.filter((r) => r.phase === label);
  await awaitDeliveries(deliveries, records, ROW_GRACE_MS);
  return rowOf(label, records, deliveries, load.skippedIn(label));
};

/**
 * Opens `total` idle streams over the balancers (`room` each), each holder taking its share balancer by balancer;
 * all holders' streams in the end (watched ones included), and why it stopped short when it did.
 */
const holdSpread = async (
  holders: Holder[],
  total: number,
  balancers: { port: number; room: number }[],
): Promise<{ open: number; why: string }> => {
  const tasks: { port: number; count: number }[] = [];
  let left = total;
  for (const { port, room } of balancers) {
    const count = Math.min(left, room);
    if (count > 0) tasks.push({ port, count });
    left -= count;
  }
  const results = await Promise.all(
    holders.map(async (holder, h) => {
      let last: { open: number; refused?: number } = { open: 0 };
      for (const task of tasks) {
        const share = Math.floor(task.count / holders.length) + (h < task.count % holders.length ? 1 : 0);
        last = await holder.hold({ hold: share, port: task.port });
        if (last.refused !== undefined) break;
      }
      return last;
    }),
  );
  const open = results.reduce((sum, r) => sum + r.open, 0);
  const refused = results.find((r) => r.refused !== undefined);
  const why = refused
    ? `a stream was refused (503 at an instance's limit, or reset) at ${refused.refused} open in one holder`
    : left > 0
      ? `the balancers' room (${balancers.map((b) => b.room).join(' + ')}) is ${left} short`
      : '';
  return { open, why };
};

/** Parts 1 and 2: two instances, S streams, then one killed. */
const streamsAndKill = async (summary: Record<string, unknown>): Promise<void> => {
  const perBalancer = streamsPerBalancer();
  const extraCount = Math.max(0, Math.ceil(STREAMS / perBalancer) - 1);
  const cluster = await startBenchCluster(2, await freshDatabase(postgres!, 'bench_cluster_streams'), STREAMS);
  const extra = await startExtraBalancers(cluster, extraCount);
  const deliveries = new Deliveries();
  const holderCount = Math.max(HOLDERS, Math.ceil(STREAMS / STREAMS_PER_HOLDER));
  const holders = Array.from({ length: holderCount }, () => startHolder(cluster.url, deliveries));
  try {
    if (extraCount > 0) {
      console.log(
        `one HAProxy here holds ${perBalancer.toLocaleString('en-US')} streams (two descriptors each under its ` +
          `hard limit): ${extraCount} more HAProxy with the same configuration take the rest`,
      );
    }
    await Promise.all(holders.map((h) => h.ready));
    const pushers: GuestCart[] = [];
    await pool(
      Array.from({ length: PUSHERS }, (_, i) => i),
      10,
      async () => void pushers.push(await createGuestCart(cluster.url)),
    );
    const watchedStreams = PUSHERS * WATCHED_PER_OWNER;
    const first = cluster.instances[0]!;
    const rows: Row[] = [];

    // Baseline: one instance, no balancer (the other instance idles), only the watched streams.
    await holders[0]!.hold({ hold: 0, port: first.port, watched: pushers, watchedPerOwner: WATCHED_PER_OWNER });
    rows.push(await measureRow(first.url, pushers, 'one instance, no balancer', deliveries));
    await holders[0]!.closeWatched();
    for (const guest of pushers) deliveries.forget(guest.owner);

    // Through the balancer, only the watched streams.
    const balancerPort = portOf(cluster.url);
    await holders[0]!.hold({ hold: 0, port: balancerPort, watched: pushers, watchedPerOwner: WATCHED_PER_OWNER });
    rows.push(await measureRow(cluster.url, pushers, '2 instances, balancer', deliveries));

    // Through the balancer with S streams in all.
    const started = Date.now();
    const held = await holdSpread(holders, Math.max(0, STREAMS - watchedStreams), [
      { port: balancerPort, room: Math.max(0, perBalancer - watchedStreams) },
      ...extra.ports.map((port) => ({ port, room: perBalancer })),
    ]);
    const open = held.open;
    const openSeconds = (Date.now() - started) / 1000;
    const perInstance = await Promise.all(
      cluster.instances.map(async (instance) => {
        const health = (await (await fetch(`${instance.url}/healthz`)).json()) as {
          streams?: number;
          maxStreams?: number;
        };
        return `${instance.name}: ${health.streams ?? '?'} of ${health.maxStreams ?? '?'}`;
      }),
    );
    console.log(
      `${open.toLocaleString('en-US')} streams open through the balancer in ${fmt(openSeconds)} s (${perInstance.join(', ')})` +
        (open < STREAMS ? `; asked ${STREAMS.toLocaleString('en-US')}, stopped: ${held.why}` : ''),
    );
    const label = `2 instances, balancer, ${open.toLocaleString('en-US')} streams`;
    const load = startPushLoad(cluster.url, pushers, RATE);
    await sleep(WARMUP_MS);
    load.setPhase('held');
    await sleep(SECONDS * 1000);
    // Pushes go on unmeasured while the row's last outcomes arrive, then the kill.
    load.setPhase('between');
    const heldRecords = load.records.filter((r) => r.phase === 'held');
    await awaitDeliveries(deliveries, heldRecords, ROW_GRACE_MS);
    const heldRow = rowOf(label, heldRecords, deliveries, load.skippedIn('held'));
    rows.push(heldRow);

    console.log(
      `\npush to every device at ${RATE} pushes/s, ${PUSHERS} pushing devices, each owner with ${WATCHED_PER_OWNER} ` +
        `watched streams, ${SECONDS} s per row, ${cpus().length} cores shared by the instances, HAProxy, ` +
        `PostgreSQL, the holders and this process\n`,
    );
    console.log(table(ROW_HEADER, rows.map(rowCells)));

    // Part 2: kill -9 of the second instance, the pushes going on. Its devices can only go to the survivor: as many
    // as it has room for stay (the others leave, as if their owners closed the shop's tab).
    const survivorRoom =
      ((await (await fetch(`${first.url}/healthz`)).json()) as { maxStreams?: number }).maxStreams ?? 0;
    let streamsAtKill = open;
    if (open > survivorRoom - 100) {
      const excess = open - Math.max(watchedStreams, survivorRoom - 100);
      const share = Math.ceil(excess / holders.length);
      const released = (await Promise.all(holders.map((h) => h.release(share)))).reduce((a, b) => a + b, 0);
      streamsAtKill = open - released;
      console.log(
        `\nbefore the kill: ${released.toLocaleString('en-US')} idle streams closed, ` +
          `${streamsAtKill.toLocaleString('en-US')} kept, since the survivor holds at most ` +
          `${survivorRoom.toLocaleString('en-US')} (its descriptor limit less a reserve)`,
      );
      await sleep(2_000);
    }
    load.setPhase('kill');
    const killedAt = now();
    await cluster.killInstance(1);
    await sleep(KILL_SECONDS * 1000);
    await load.stop();
    const measured = load.records.filter((r) => r.phase !== 'warm-up');
    const lost = await awaitDeliveries(deliveries, measured);
    const settled = now();
    const dropped = [...deliveries.drops.entries()].filter(([, at]) => at.some((t) => t >= killedAt));
    const reconnect: number[] = [];
    let neverBack = 0;
    for (const [key, dropTimes] of dropped) {
      const dropAt = dropTimes.find((t) => t >= killedAt)!;
      const backAt = deliveries.lives.get(key)?.find((t) => t >= dropAt);
      if (backAt === undefined) neverBack += 1;
      else reconnect.push(backAt - killedAt);
    }
    // The watched devices that dropped: what they missed and when they had it all.
    const recovery: number[] = [];
    let missedOutcomes = 0;
    for (const [key, dropTimes] of dropped) {
      const owner = deliveries.ownerOf.get(key);
      if (owner === undefined) continue;
      const dropAt = dropTimes.find((t) => t >= killedAt)!;
      const backAt = deliveries.lives.get(key)?.find((t) => t >= dropAt) ?? settled;
      let last = 0;
      for (const record of measured) {
        if (record.owner !== owner || record.answeredAt === undefined || record.sentAt > backAt) continue;
        const at = deliveries.received.get(record.id)?.get(key);
        if (at !== undefined && at < dropAt) continue; // had it before the drop
        missedOutcomes += 1;
        last = Math.max(last, (at ?? settled) - killedAt);
      }
      recovery.push(last);
    }
    const killRows = [{ ...heldRow, label: 'before the kill' }];
    killRows.push(
      rowOf(
        `${KILL_SECONDS} s from the kill`,
        load.records.filter((r) => r.phase === 'kill'),
        deliveries,
        load.skippedIn('kill'),
      ),
    );
    const log = await checkCommandLog(cluster.url, pushers, load.records);
    const rec = percentiles(recovery);
    const back = percentiles(reconnect);
    console.log(
      `\nkill -9 of ${cluster.instances[1]!.name} with ${streamsAtKill.toLocaleString('en-US')} streams held, ` +
        `${RATE} pushes/s going on\n`,
    );
    console.log(table(ROW_HEADER, killRows.map(rowCells)));
    console.log(
      '\n' +
        table(
          [
            'streams dropped',
            'back live (from the kill) p50 / p99 / max ms',
            'never back',
            'watched devices dropped',
            'outcomes they missed',
            'all missed outcomes had (from the kill) p50 / p99 / max ms',
            `outcomes not received within ${DELIVERY_GRACE_MS / 1000} s (lost)`,
            'commands lost / doubled in the log',
          ],
          [
            [
              String(dropped.length),
              `${fmt(back.p50)} / ${fmt(back.p99)} / ${fmt(back.max)}`,
              String(neverBack),
              String(recovery.length),
              String(missedOutcomes),
              `${fmt(rec.p50)} / ${fmt(rec.p99)} / ${fmt(rec.max)}`,
              String(lost),
              `${log.lost} / ${log.doubled}`,
            ],
          ],
        ),
    );
    summary['streams'] = {
      asked: STREAMS,
      open,
      stoppedBecause: held.why || undefined,
      rows: rows.map((r) => ({
        row: r.label,
        pushes: r.pushes,
        everyDevice: { p50: r.every.p50, p99: r.every.p99, max: r.every.max },
        notOnEveryDevice: r.incomplete,
      })),
    };
    summary['kill'] = {
      streamsAtKill,
      dropped: dropped.length,
      neverBack,
      reconnectP99: back.p99,
      watchedDropped: recovery.length,
      missedOutcomes,
      recoveryP99: rec.p99,
      recoveryMax: rec.max,
      lostOutcomes: lost,
      failedPushes: killRows[1]!.failed,
      logLost: log.lost,
      logDoubled: log.doubled,
    };
  } finally {
    await Promise.all(holders.map((h) => h.stop()));
    await extra.stop();
    await cluster.stop();
  }
};

/** Part 3: three instances restarted one at a time under the pushes. */
const rollingRestart = async (summary: Record<string, unknown>): Promise<void> => {
  const cluster = await startBenchCluster(
    3,
    await freshDatabase(postgres!, 'bench_cluster_restart'),
    PUSHERS * WATCHED_PER_OWNER,
  );
  const deliveries = new Deliveries();
  const holder = startHolder(cluster.url, deliveries);
  let load: PushLoad | undefined;
  try {
    await holder.ready;
    const pushers: GuestCart[] = [];
    await pool(
      Array.from({ length: PUSHERS }, (_, i) => i),
      10,
      async () => void pushers.push(await createGuestCart(cluster.url)),
    );
    await holder.hold({ hold: 0, port: portOf(cluster.url), watched: pushers, watchedPerOwner: WATCHED_PER_OWNER });
    load = startPushLoad(cluster.url, pushers, RATE);
    await sleep(WARMUP_MS);
    load.setPhase('before');
    await sleep(SECONDS * 1000);
    load.setPhase('restart');
    const restartStarted = Date.now();
    const steps: string[] = [];
    for (const [index, instance] of cluster.instances.entries()) {
      // restartInstance's two halves, timed apart: the graceful stop, then the start until /readyz, then HAProxy.
      const from = Date.now();
      await instance.stop();
      const stopped = Date.now();
      await cluster.startInstance(index);
      const ready = Date.now();
      await cluster.waitBalanced();
      const s = (ms: number): string => fmt(ms / 1000);
      steps.push(
        `${instance.name}: stop ${s(stopped - from)} s, start ${s(ready - stopped)} s, up in HAProxy ${s(Date.now() - ready)} s`,
      );
    }
    const restartSeconds = (Date.now() - restartStarted) / 1000;
    load.setPhase('after');
    await sleep(sized(5_000, 2_000));
    await load.stop();
    const records = load.records.filter((r) => r.phase !== 'warm-up');
    const lost = await awaitDeliveries(deliveries, records);
    const log = await checkCommandLog(cluster.url, pushers, load.records);
    const rows = ['before', 'restart', 'after'].map((phase) =>
      rowOf(
        phase === 'restart' ? `during the restart (${fmt(restartSeconds)} s)` : `${phase} it`,
        load!.records.filter((r) => r.phase === phase),
        deliveries,
        load!.skippedIn(phase),
      ),
    );
    const failed = load.records.filter((r) => r.failed);
    console.log(
      `\nrolling restart of 3 instances (${steps.join(', ')}) at ${RATE} pushes/s, ${PUSHERS} devices pushing, ` +
        `${PUSHERS * WATCHED_PER_OWNER} watched streams\n`,
    );
    console.log(table(ROW_HEADER, rows.map(rowCells)));
    console.log(
      `\nfailed pushes seen by devices: ${failed.length} never answered, ${log.lost} lost and ${log.doubled} doubled ` +
        `in the store's log, ${log.unsettled} unsettled; outcomes never received by a watched device: ${lost}` +
        (failed[0] ? `; first failure: ${failed[0].lastError}` : ''),
    );
    const during = rows[1]!;
    summary['rollingRestart'] = {
      failedPushes: failed.length + log.lost + log.doubled,
      neverAnswered: failed.length,
      logLost: log.lost,
      logDoubled: log.doubled,
      lostOutcomes: lost,
      pushP99Before: rows[0]!.push.p99,
      pushP99During: during.push.p99,
      everyDeviceP99Before: rows[0]!.every.p99,
      everyDeviceP99During: during.every.p99,
      restartSeconds,
    };
  } finally {
    await load?.stop();
    await holder.stop();
    await cluster.stop();
  }
};

const main = async (): Promise<void> => {
  if (!postgres) {
    console.log('bench:cluster left out: no PostgreSQL (set DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  console.log(raiseDescriptorLimit());
  // The instances run the server's build (tools/cluster/instance.ts), as a shop's do: built now, so it is this
  // checkout's (as the cluster journeys' setup does, tests/e2e/cluster-stack.ts). The bench serves no client.
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build/build-server.ts'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server's build failed: ${built.stderr || built.stdout}`);
  const summary: Record<string, unknown> = { rate: RATE, seconds: SECONDS };
  await streamsAndKill(summary);
  await rollingRestart(summary);
  console.log(`\nCLUSTER ${JSON.stringify(summary)}`);
};

await main();
