/**
 * What `npm run bench:cluster` checks after its faults, from the server's side and the devices':
 * - the store's command log of every pushing owner (GET /sync/commands/pull through the balancer): each command a
 *   device pushed is there exactly once (not lost, not doubled), and no two commands share a device's seq;
 * - the deliveries the holders reported: every watched stream of an owner received every outcome of that owner's
 *   answered pushes (a pair never received is a lost outcome).
 */
import type { CommandDocument, PullResponse } from '../../schema/index.ts';
import type { GuestCart } from './raw-client.ts';
import type { PushRecord } from './cluster-pushes.ts';

export interface LogCheck {
  /** Pushed and answered, yet not in the store's log. */
  lost: number;
  /** In the log more than once (by id), or two commands at one device's seq. */
  doubled: number;
  /** In the log but not settled (still pending) when checked. */
  unsettled: number;
}

/** How long a page is asked again while the store answers 429/5xx or the connection fails (a loaded survivor). */
const RETRY_FOR_MS = 60_000;

/** One page, retried as a device retries (after Retry-After, or 500 ms). */
const pullPage = async (baseUrl: string, token: string, after: number): Promise<PullResponse<CommandDocument>> => {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    let why: string;
    let wait = 500;
    try {
      const response = await fetch(`${baseUrl}/sync/commands/pull?after=${after}&limit=1000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok) return (await response.json()) as PullResponse<CommandDocument>;
      why = `commands pull answered ${response.status}`;
      if (response.status !== 429 && response.status < 500) throw new Error(why);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) wait = retryAfter * 1000;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('commands pull answered 4')) throw error;
      why = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${why}, still after ${RETRY_FOR_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
};

const pullAll = async (baseUrl: string, token: string): Promise<CommandDocument[]> => {
  const all: CommandDocument[] = [];
  for (let after = 0; ;) {
    const page = await pullPage(baseUrl, token, after);
    all.push(...page.documents);
    if (page.documents.length < 1000) return all;
    after = page.checkpoint.serverSeq;
  }
};

export const checkCommandLog = async (
  baseUrl: string,
  pushers: readonly GuestCart[],
  records: readonly PushRecord[],
): Promise<LogCheck> => {
  const check: LogCheck = { lost: 0, doubled: 0, unsettled: 0 };
  for (const guest of pushers) {
    const log = await pullAll(baseUrl, guest.token);
    const byId = new Map<string, number>();
    const bySeq = new Map<string, number>();
    for (const doc of log) {
      byId.set(doc.id, (byId.get(doc.id) ?? 0) + 1);
      const seqKey = `${doc.clientId}:${doc.seq}`;
      bySeq.set(seqKey, (bySeq.get(seqKey) ?? 0) + 1);
      if (doc.status === 'pending') check.unsettled += 1;
    }
    for (const count of [...byId.values(), ...bySeq.values()]) if (count > 1) check.doubled += count - 1;
    for (const record of records) {
      if (record.owner === guest.owner && record.answeredAt !== undefined && !byId.has(record.id)) check.lost += 1;
    }
  }
  return check;
};

/** The holders' reports, gathered in the bench's process. */
export class Deliveries {
  /** stream key → owner, for the watched streams. */
  readonly ownerOf = new Map<string, string>();
  /** owner → its watched stream keys. */
  readonly streamsOf = new Map<string, string[]>();
  /** command id → (stream key → wall-clock time received). */
  readonly received = new Map<string, Map<string, number>>();
  /** stream key → the times it dropped / was live again (every stream, watched or idle). */
  readonly drops = new Map<string, number[]>();
  readonly lives = new Map<string, number[]>();

  watch(key: string, owner: string): void {
    this.ownerOf.set(key, owner);
    const list = this.streamsOf.get(owner) ?? [];
    list.push(key);
    this.streamsOf.set(owner, list);
  }

  forget(owner: string): void {
    for (const key of this.streamsOf.get(owner) ?? []) this.ownerOf.delete(key);
    this.streamsOf.delete(owner);
  }

  receipt(key: string, id: string, at: number): void {
    const byStream = this.received.get(id) ?? new Map<string, number>();
    byStream.set(key, at);
    this.received.set(id, byStream);
  }

  drop(key: string, at: number): void {
    this.drops.set(key, [...(this.drops.get(key) ?? []), at]);
  }

  live(key: string, at: number): void {
    this.lives.set(key, [...(this.lives.get(key) ?? []), at]);
  }

  /** The answered pushes' (stream, outcome) pairs not yet received. */
  missing(records: readonly PushRecord[]): number {
    let missing = 0;
    for (const record of records) {
      if (record.answeredAt === undefined) continue;
      const got = this.received.get(record.id);
      for (const key of this.streamsOf.get(record.owner) ?? []) if (!got?.has(key)) missing += 1;
    }
    return missing;
  }

  /**
   * Per push: the time from its send until every watched stream of its owner had its outcome (undefined while one
   * has not); and per (push, stream) the time to that stream.
   */
  latencies(records: readonly PushRecord[]): { everyDevice: number[]; eachDevice: number[]; incomplete: number } {
    const everyDevice: number[] = [];
    const eachDevice: number[] = [];
    let incomplete = 0;
    for (const record of records) {
      if (record.answeredAt === undefined) continue;
      const got = this.received.get(record.id);
      const keys = this.streamsOf.get(record.owner) ?? [];
      let last = 0;
      let all = keys.length > 0;
      for (const key of keys) {
        const at = got?.get(key);
        if (at === undefined) all = false;
        else {
          eachDevice.push(at - record.sentAt);
          last = Math.max(last, at - record.sentAt);
        }
      }
      if (all) everyDevice.push(last);
      else incomplete += 1;
    }
    return { everyDevice, eachDevice, incomplete };
  }
}
