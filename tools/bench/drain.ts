import { performance } from 'node:perf_hooks';
import type { RxCollection } from 'rxdb';
import { map } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import { commandTypes, newCommandDocumentSchema, type CommandDocument } from '../../schema/index.ts';
import { waitFor } from '../../tests/support/wait.ts';
import { openBenchDevice, whenReady, type BenchDevice } from './devices.ts';
import { addRemoveCommands, chunks, createGuestCart, openRawStream, push } from './raw-client.ts';
import { profiled } from './profile.ts';
import { fmt } from './stats.ts';
import type { TracedDatabase, TxTrace } from './stores.ts';

export interface DrainResult {
  /** setOnline(true) until the device's waiting count is 0 and every command has its result. */
  ms: number;
  /** How the offline commands were made (not part of `ms`). */
  dispatch: OfflineDispatch;
  /** Where the time went, one line per fact, times relative to setOnline(true). */
  profile: string[];
}

export interface OfflineDispatch {
  /** Commands made through `client.dispatch` (the real path). */
  viaDispatch: number;
  dispatchMs: number;
  /** ms per dispatch over the first and the last 50 made through dispatch. */
  firstMsEach: number;
  lastMsEach: number;
  /** The rest, written with one bulkInsert of the documents dispatch would have written. */
  viaBulk: number;
}

/** The command collections a device may have: `outcomes` (server answers) where the client has one. */
const commandCollections = (device: BenchDevice): RxCollection<CommandDocument>[] => {
  const collections = device.client.db.collections as unknown as Record<
    string,
    RxCollection<CommandDocument> | undefined
  >;
  return [collections.outcomes, collections.commands].filter((c): c is RxCollection<CommandDocument> => Boolean(c));
};

/** Each id's status as the device holds it; an answer anywhere beats a pending copy. */
const statusesOn = async (device: BenchDevice, ids: readonly string[]): Promise<Map<string, number>> => {
  const status = new Map<string, string>();
  for (const collection of commandCollections(device)) {
    const docs = await collection.findByIds([...ids]).exec();
    for (const [id, doc] of docs) {
      const s = (doc.toJSON() as CommandDocument).status;
      if (!status.has(id) || status.get(id) === 'pending') status.set(id, s);
    }
  }
  const counts = new Map<string, number>();
  for (const id of ids) {
    const s = status.get(id) ?? 'missing';
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
};

/**
 * Makes `count` commands offline: through `dispatch` while it keeps within `budgetMs`, then (if it is
 * too slow to finish in the bench's time) the remainder as one bulkInsert of the same documents,
 * continuing the seq. Either way the device holds `count` pending commands, as dispatch leaves them.
 */
const makeOfflineCommands = async (
  device: BenchDevice,
  count: number,
  budgetMs: number,
): Promise<{ ids: string[]; stats: OfflineDispatch }> => {
  const ids: string[] = [];
  const times: number[] = [];
  const start = performance.now();
  let last: CommandDocument | undefined;
  while (ids.length < count && performance.now() - start < budgetMs) {
    const i = ids.length;
    const t = performance.now();
    last =
      i % 2 === 0
        ? await device.client.dispatch('cart.addItem', { sku: 'APP3', qty: 1 })
        : await device.client.dispatch('cart.removeItem', { lineId: 'APP3' });
    times.push(performance.now() - t);
    ids.push(last.id);
  }
  const dispatchMs = performance.now() - start;
  const viaDispatch = ids.length;
  if (ids.length < count && last) {
    const docs = Array.from({ length: count - ids.length }, (_, k) => {
      const i = viaDispatch + k;
      const type = i % 2 === 0 ? 'cart.addItem' : 'cart.removeItem';
      const payload = commandTypes[type].payload.parse(i % 2 === 0 ? { sku: 'APP3', qty: 1 } : { lineId: 'APP3' });
      return newCommandDocumentSchema.parse({
        id: uuidv7(),
        type,
        payload,
        owner: last!.owner,
        clientId: last!.clientId,
        seq: last!.seq + k + 1,
        createdAt: Date.now(),
        status: 'pending',
        serverSeq: 0,
      }) as CommandDocument;
    });
    const result = await device.client.db.commands.bulkInsert(docs);
    if (result.error.length > 0) throw new Error(`drain: bulkInsert failed: ${JSON.stringify(result.error[0])}`);
    ids.push(...docs.map((d) => d.id));
  }
  const mean = (list: number[]) => list.reduce((s, x) => s + x, 0) / Math.max(1, list.length);
  return {
    ids,
    stats: {
      viaDispatch,
      dispatchMs,
      firstMsEach: mean(times.slice(0, 50)),
      lastMsEach: mean(times.slice(-50)),
      viaBulk: count - viaDispatch,
    },
  };
};

/**
 * A fresh device makes `count` cart commands offline (add APP3, remove it, alternating), then comes
 * online; measured until its waiting count is 0 and every one of them has its result on the device.
 */
export const measureDrain = async (
  label: string,
  baseUrl: string,
  db: TracedDatabase,
  count: number,
  dispatchBudgetMs: number,
): Promise<DrainResult> => {
  const device = await openBenchDevice(baseUrl, 'drain');
  try {
    await whenReady(device);
    const waiting$ = device.client.syncState$.pipe(map((s) => s.waiting));

    device.network.setOnline(false);
    await waitFor(device.client.syncState$, (s) => !s.online, 'device offline');
    const { ids, stats } = await makeOfflineCommands(device, count, dispatchBudgetMs);
    await waitFor(waiting$, (n) => n === count, `${count} waiting offline`, 60_000);

    device.trace.reset();
    db.trace.reset();
    device.trace.enabled = true;
    db.trace.enabled = true;
    const elu = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    let t0 = 0;
    const t1 = await profiled(`${label}-drain-online`, async () => {
      t0 = performance.now();
      device.network.setOnline(true);
      await waitFor(waiting$, (n) => n === 0, 'every command answered', 60_000);
      return performance.now();
    });
    const usage = performance.eventLoopUtilization(elu);
    const cpuUsed = process.cpuUsage(cpu);
    device.trace.enabled = false;
    db.trace.enabled = false;

    const statuses = await statusesOn(device, ids);
    if ((statuses.get('succeeded') ?? 0) !== count) {
      throw new Error(
        `drain: statuses ${JSON.stringify(Object.fromEntries(statuses))} when waiting reached 0, expected ${count} succeeded`,
      );
    }

    const rel = (t: number | undefined) => (t === undefined ? '-' : `+${fmt(t - t0)}`);
    const profile: string[] = [];
    const { requests, events } = device.trace;
    const pushes = requests.filter((r) => r.what.endsWith('/push'));
    profile.push(
      `client pushes: ${pushes.length} (rows ${pushes.map((p) => p.rows).join('+')}): ` +
        pushes.map((p) => `${rel(p.start)}..${rel(p.end)} ms${p.failed ? ' FAILED' : ''}`).join(', '),
    );
    const pulls = requests.filter((r) => r.what.includes('/pull'));
    profile.push(
      `client pulls: ${pulls.length} (${pulls.map((p) => `${p.what.split('/')[2]} ${rel(p.start)}`).join(', ')})`,
    );
    const streams = requests.filter((r) => r.what.endsWith('/sync/stream'));
    profile.push(
      `stream (re)connect attempts: ${streams.map((s) => `${rel(s.start)}${s.failed ? ' (refused)' : ''}`).join(', ') || 'none'} ms; ` +
        `resync event ${rel(events.find((e) => e.event === 'resync')?.at)} ms`,
    );
    // Results reach the device by the stream and by pulls (a resync after reconnecting): when was the last one?
    const arrivals = [
      ...events
        .filter((e) => e.settled > 0)
        .map((e) => ({ at: e.at, ids: e.settledIds, how: `stream:${e.collection}` })),
      ...pulls
        .filter((p) => p.end !== undefined && (p.settledIds?.length ?? 0) > 0)
        .map((p) => ({ at: p.end!, ids: p.settledIds!, how: `pull:${p.what.split('/')[2]}` })),
    ].sort((x, y) => x.at - y.at);
    const wanted = new Set(ids);
    const got = new Map<string, number>();
    let complete: number | undefined;
    for (const arrival of arrivals) {
      const fresh = arrival.ids.filter((id) => wanted.has(id)).length;
      if (fresh > 0) got.set(arrival.how, (got.get(arrival.how) ?? 0) + fresh);
      for (const id of arrival.ids) wanted.delete(id);
      if (wanted.size === 0) {
        complete = arrival.at;
        break;
      }
    }
    profile.push(
      `results reached the device by ${[...got].map(([how, n]) => `${how} ${n}`).join(', ') || '-'} ` +
        `(first ${rel(arrivals[0]?.at)}, the last of the ${count} at ${rel(complete)} ms)`,
    );
    profile.push(
      `client tail: last result received -> waiting=0: ${complete !== undefined ? fmt(t1 - complete) : '-'} ms (RxDB writes + queries)`,
    );
    profile.push(...serverProfile(db.trace.transactions, db.trace.queries, t0));
    profile.push(
      `process (server + device share it): event loop busy ${fmt(usage.utilization * 100)}% of the ${fmt(t1 - t0)} ms; ` +
        `CPU user ${fmt(cpuUsed.user / 1000)} ms, system ${fmt(cpuUsed.system / 1000)} ms`,
    );
    return { ms: t1 - t0, dispatch: stats, profile };
  } finally {
    device.trace.enabled = false;
    db.trace.enabled = false;
    await device.client.stop();
  }
};

/** Server side of a traced window: pushes, executor batches (per statement), stream and pull reads. */
export const serverProfile = (
  transactions: readonly TxTrace[],
  queries: readonly { label: string; ms: number }[],
  t0: number,
): string[] => {
  const lines: string[] = [];
  const byKind = new Map<string, TxTrace[]>();
  for (const tx of transactions) byKind.set(tx.kind, [...(byKind.get(tx.kind) ?? []), tx]);
  for (const [kind, list] of byKind) {
    const total = list.reduce((s, t) => s + (t.end - t.start), 0);
    const settled =
      kind === 'executor batch'
        ? ` settling ${list.reduce((s, t) => s + (Number(t.result) || 0), 0)} (${list.map((t) => Number(t.result) || 0).join(',')})`
        : '';
    lines.push(
      `server ${kind}: ${list.length} tx${settled}, ${fmt(total)} ms in tx, from +${fmt(list[0]!.start - t0)} to +${fmt(list.at(-1)!.end - t0)} ms`,
    );
  }
  const batches = byKind.get('executor batch') ?? [];
  if (batches.length > 0) lines.push(`  executor batch breakdown: ${breakdown(batches)}`);
  const reads = new Map<string, { n: number; ms: number }>();
  for (const q of queries) {
    const key = q.label.includes('FROM commands WHERE owner')
      ? 'commands pull/stream read'
      : q.label.includes('server_seq >')
        ? 'read-model pull/stream read'
        : q.label;
    const entry = reads.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += q.ms;
    reads.set(key, entry);
  }
  if (reads.size > 0) {
    lines.push(
      `server statements outside tx: ${[...reads]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 4)
        .map(([k, v]) => `${k} ${v.n}x ${fmt(v.ms)} ms`)
        .join('; ')}`,
    );
  }
  return lines;
};

/** Where executor batch time goes: each statement kind, the JS between them, and BEGIN/COMMIT. */
export const breakdown = (batches: readonly TxTrace[]): string => {
  const parts = new Map<string, number>();
  let total = 0;
  for (const tx of batches) {
    const span = tx.end - tx.start;
    total += span;
    let inQueries = 0;
    for (const q of tx.queries) {
      const key = shortLabel(q.label);
      parts.set(key, (parts.get(key) ?? 0) + q.ms);
      inQueries += q.ms;
    }
    parts.set('JS (parse, handlers, JSON)', (parts.get('JS (parse, handlers, JSON)') ?? 0) + (tx.workMs - inQueries));
    parts.set('BEGIN/COMMIT + connection', (parts.get('BEGIN/COMMIT + connection') ?? 0) + (span - tx.workMs));
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `${k} ${fmt((ms / total) * 100)}%`)
    .join(', ');
};

const shortLabel = (label: string): string => {
  if (label.startsWith('WITH claimed')) return 'claim';
  if (label.startsWith('INSERT INTO carts')) return 'cart rows ensure';
  if (label.startsWith('SELECT owner, doc, server_seq FROM carts')) return 'cart load+lock';
  if (label.includes('FROM products')) return 'products load';
  if (label.startsWith('UPDATE sync_counter')) return 'reserve seqs';
  if (label.startsWith('UPDATE commands')) return 'write outcomes';
  if (label.startsWith('UPDATE carts')) return 'save carts';
  if (label.startsWith('UPDATE sync_clients')) return 'advance clients';
  if (label.startsWith('SELECT pg_notify')) return 'notify';
  return label.slice(0, 24);
};

/**
 * The drain without RxDB: the same commands pushed by fetch in rows of 500, results awaited on the raw
 * stream. What the server and protocol cost on their own; the device's drain minus this is the client.
 */
export const measureRawDrain = async (baseUrl: string, count: number): Promise<number> => {
  const cart = await createGuestCart(baseUrl);
  const commands = addRemoveCommands(cart.owner, count);
  const stream = openRawStream(baseUrl, cart.token);
  try {
    await stream.ready;
    const settled = new Set<string>();
    let done!: (at: number) => void;
    const all = new Promise<number>((resolve) => (done = resolve));
    stream.onCommand((doc, at) => {
      if (doc.status === 'pending') return;
      settled.add(doc.id);
      if (settled.size === count) done(at);
    });
    const start = performance.now();
    for (const rows of chunks(commands, 500)) await push(baseUrl, cart.token, rows);
    const end = await Promise.race([
      all,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('raw drain: results missing after 60 s')), 60_000).unref(),
      ),
    ]);
    return end - start;
  } finally {
    await stream.close();
  }
};
