/**
 * The pushing devices of `npm run bench:cluster`: one command at a time per device, `rate` a second in all, each
 * retried as the store's client retries it (client/sync/pusher.ts): a reset connection, a 502/503/504 (after its
 * Retry-After when there is one) or a 429 is sent again, the same command with the same id and seq, until it is
 * answered or RETRY_FOR_MS has passed; only then is it a failed push. Every push is kept with its wall-clock times
 * (the holder's clock: performance.timeOrigin + now) for the latencies and the oracle.
 */
import { Agent } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument } from '../../schema/index.ts';
import { postPush } from './http-push.ts';
import { cartCommand, type GuestCart } from './raw-client.ts';
import { sleep } from './stats.ts';

const RETRY_FOR_MS = 30_000;
const now = (): number => performance.timeOrigin + performance.now();

export interface PushRecord {
  id: string;
  owner: string;
  clientId: string;
  seq: number;
  /** The label of the part of the run it was sent in ('before', 'restart', ...). */
  phase: string;
  sentAt: number;
  /** When the server's 200 came (wall clock), undefined while pending or when it failed. */
  answeredAt?: number;
  attempts: number;
  failed: boolean;
  /** The last refusal or error, for the report. */
  lastError?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const RETRIED = new Set([429, 502, 503, 504]);

/** Sends one command until answered 200, as the client's pusher does; marks the record. */
const pushUntilAnswered = async (baseUrl: string, token: string, command: CommandDocument, record: PushRecord) => {
  let backoff = 250;
  while (now() - record.sentAt < RETRY_FOR_MS) {
    record.attempts += 1;
    try {
      const answer = await postPush(baseUrl, token, [command], { agent, timeoutMs: 15_000 });
      if (answer.status === 200) {
        record.answeredAt = now();
        return;
      }
      record.lastError = `${answer.status}: ${answer.text.slice(0, 120)}`;
      if (!RETRIED.has(answer.status)) break;
      await sleep(answer.retryAfter !== undefined ? answer.retryAfter * 1000 : backoff);
    } catch (error) {
      record.lastError = error instanceof Error ? error.message : String(error);
      await sleep(backoff);
    }
    backoff = Math.min(2_000, backoff * 2);
  }
  record.failed = true;
};

export interface PushLoad {
  /** The pushes sent so far, in order. */
  readonly records: readonly PushRecord[];
  /** Labels the pushes sent from now on. */
  setPhase(phase: string): void;
  /** Ends the load and resolves once every push in flight is answered or failed. */
  stop(): Promise<{ skipped: number }>;
  /** Pushes due in a phase that found every device still waiting on its previous one (the rate not reached). */
  skippedIn(phase: string): number;
}

/**
 * Starts `rate` pushes a second from `pushers` (each its own device: one clientId, seqs from 1), a device's next
 * push only after its previous one was answered; a due push with no free device is skipped (counted).
 */
export const startPushLoad = (baseUrl: string, pushers: readonly GuestCart[], rate: number): PushLoad => {
  const devices = pushers.map((guest) => ({ guest, clientId: uuidv7(), seq: 0, busy: false }));
  const records: PushRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  let phase = 'warm-up';
  let running = true;
  let skipped = 0;
  const skippedByPhase = new Map<string, number>();
  const loop = (async () => {
    const started = performance.now();
    for (let i = 0; running; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      const device = devices.find((d) => !d.busy);
      if (!device) {
        skipped += 1;
        skippedByPhase.set(phase, (skippedByPhase.get(phase) ?? 0) + 1);
        continue;
      }
      device.busy = true;
      device.seq += 1;
      const command = cartCommand(
        { owner: device.guest.owner, clientId: device.clientId, seq: device.seq },
        device.seq % 2 === 1 ? 'add' : 'remove',
        'APP3',
      );
      const record: PushRecord = {
        id: command.id,
        owner: device.guest.owner,
        clientId: device.clientId,
        seq: device.seq,
        phase,
        sentAt: now(),
        attempts: 0,
        failed: false,
      };
      records.push(record);
      const sending = pushUntilAnswered(baseUrl, device.guest.token, command, record).finally(() => {
        device.busy = false;
        inFlight.delete(sending);
      });
      inFlight.add(sending);
    }
  })();
  return {
    records,
    setPhase: (next) => void (phase = next),
    skippedIn: (of) => skippedByPhase.get(of) ?? 0,
    async stop() {
      running = false;
      await loop;
      await Promise.all([...inFlight]);
      return { skipped };
    },
  };
};
