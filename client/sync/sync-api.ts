import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { filter, firstValueFrom, NEVER, Observable, race, skip, timer, type BehaviorSubject } from 'rxjs';
import type { ChangesEvent, CommandDocument, PullResponse, PushResponse } from '../../schema/index.ts';
import { asksForRefresh, type RefreshLock } from './token-refresh-lock.ts';

/** A request the server refused as malformed or unauthorised (4xx): retrying the same thing will not help. */
export class SyncRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type StreamMessage = { kind: 'resync' } | { kind: 'changes'; event: ChangesEvent } | { kind: 'down' };

export interface SyncApi {
  createGuestCart(): Promise<{ token: string; owner: string }>;
  pull<Doc>(collection: string, after: number, limit: number): Promise<PullResponse<Doc>>;
  push(
    rows: { newDocumentState: CommandDocument; assumedMasterState?: CommandDocument | null }[],
  ): Promise<PushResponse<CommandDocument>>;
  /** The live stream; reconnects by itself and says `resync` after each (re)connect, `down` when lost. */
  stream(): Observable<StreamMessage>;
}

/**
 * The app's version as the build names it (VITE_APP_VERSION; 'dev' when unset or outside a Vite build), sent on every
 * sync request so the operator console can tell which version a shopper's device runs.
 */
const BUILT_VERSION: string =
  (import.meta.env as Partial<Record<string, string>> | undefined)?.VITE_APP_VERSION ?? 'dev';

export interface SyncApiOptions {
  baseUrl: string;
  token: () => string | undefined;
  /** This tab's client id (new at each page load), sent as `x-client-id`: whose pushes and pulls these are. */
  clientId?: () => string | undefined;
  /** The browser profile's id (device-id.ts), sent as `x-device-id`, so the console can tell the devices apart. */
  deviceId?: () => string | undefined;
  /** Sent as `x-app-version`; the build's version by default. */
  appVersion?: string;
  fetch?: typeof fetch;
  reconnectMs?: number;
  /** The device's network state: while offline the stream waits for it instead of retrying blindly. */
  online?: BehaviorSubject<boolean>;
  /** How long a pull, push or cart creation may take before it counts as failed (and is retried). */
  requestTimeoutMs?: number;
  /** How long the live stream may stay silent (the server beats every 15 s) before it counts as dead. */
  streamIdleMs?: number;
  /**
   * The token refresh lock: requests wait for it, and a 'not authorized' answer to a user's token renews it once
   * (`canRefresh`: the token is a user's, not the guest's, which has nothing to renew).
   */
  auth?: Pick<RefreshLock, 'beforeRequest' | 'refreshAfter'> & { canRefresh(token: string): boolean };
}

/** A refused stream's wait: the server's Retry-After (seconds; 30 s when absent, at most 10 min), ±50%. */
export const retryAfterMs = (header: string | null, random: () => number = Math.random): number => {
  const seconds = Number(header);
  const base = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) : 30;
  return Math.round(base * 1000 * (0.5 + random()));
};

/** The client half of the protocol in schema/sync/protocol.ts: plain fetch, so it runs in browsers and Node. */
export const createSyncApi = ({
  baseUrl,
  token,
  fetch: fetchFn = globalThis.fetch,
  reconnectMs = 1000,
  online,
  requestTimeoutMs = 20_000,
  streamIdleMs = 40_000,
  auth,
  clientId,
  deviceId,
  appVersion = BUILT_VERSION,
}: SyncApiOptions): SyncApi => {
  /** Who this device is, for the operator console's device list (never needed to sync). */
  const deviceHeaders = (): Record<string, string> => {
    const id = clientId?.();
    const device = deviceId?.();
    return {
      'x-app-version': appVersion,
      ...(id ? { 'x-client-id': id } : {}),
      ...(device ? { 'x-device-id': device } : {}),
    };
  };
  const headersWith = (bearer: string | undefined): Record<string, string> => ({
    'content-type': 'application/json',
    ...deviceHeaders(),
    ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
  });

  /**
   * `anonymous`: a request that carries no token, so it need not wait for a login or a refresh; the guest cart's
   * must not, since the device's identity lock is held while it is asked for and the login needs that lock.
   */
  const call = async <T>(
    path: string,
    init: RequestInit = {},
    { renewed = false, anonymous = false }: { renewed?: boolean; anonymous?: boolean } = {},
  ): Promise<T> => {
    if (!anonymous) await auth?.beforeRequest();
    const bearer = anonymous ? undefined : token();
    // A black-holed connection (patchy mobile networks) must fail, not hang the replication queue.
    const response = await fetchFn(`${baseUrl}${path}`, {
      ...init,
      headers: headersWith(bearer),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const problem = body as { result?: { error?: string; field?: string } } | undefined;
      const message = problem?.result?.error ?? `HTTP ${response.status}`;
      // An expired access token: renew it (once per request) and send the same request again.
      if (auth && bearer && !renewed && auth.canRefresh(bearer) && asksForRefresh(response.status, message, true)) {
        if (await auth.refreshAfter(bearer)) return call<T>(path, init, { renewed: true });
      }
      if (response.status >= 400 && response.status < 500) {
        // A refused request will be refused again: say so loudly, it is a bug on one side or the other.
        console.error(`[sync] ${path} refused (${response.status}): ${message}`);
        throw new SyncRequestError(response.status, message, problem?.result?.field);
      }
      throw new Error(message);
    }
    return body as T;
  };

  return {
    async createGuestCart() {
      const body = await call<{ result: string; meta: { cartId: string } }>(
        '/api/cart/create',
        { method: 'POST' },
        { anonymous: true },
      );
      return { token: body.result, owner: body.meta.cartId };
    },
    pull: (collection, after, limit) => call(`/sync/${collection}/pull?after=${after}&limit=${limit}`),
    push: (rows) => call('/sync/commands/push', { method: 'POST', body: JSON.stringify({ rows }) }),
    stream: () =>
      new Observable<StreamMessage>((subscriber) => {
        let stopped = false;
        let controller: AbortController | undefined;
        /** How long to wait before the next connect when the server asked for it (Retry-After). */
        let pause: number | undefined;
        const connect = async (): Promise<void> => {
          while (!stopped) {
            pause = undefined;
            controller = new AbortController();
            // Silence longer than a few heartbeats (or no answer at all) means the link died without
            // closing: start again.
            const abort = controller.abort.bind(controller);
            let idle = setTimeout(abort, streamIdleMs);
            try {
              // The token stays out of the URL: a single-use ticket, asked for with the bearer header (and renewed
              // through `call` when the access token has expired), opens the stream.
              if (!token()) throw new Error('no token yet');
              const { result: ticket } = await call<{ result: string }>('/sync/stream-ticket', { method: 'POST' });
              const response = await fetchFn(`${baseUrl}/sync/stream?ticket=${encodeURIComponent(ticket)}`, {
                headers: deviceHeaders(),
                signal: controller.signal,
              });
              // The server is full (503) or this owner has too many streams (429): wait as long as it says, with
              // jitter so refused devices do not come back together. Pushes are not affected: the queue goes on.
              if (response.status === 503 || response.status === 429) {
                pause = retryAfterMs(response.headers.get('retry-after'));
                throw new Error(`stream refused (${response.status})`);
              }
              if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
              const parser = createParser({
                onEvent: (message: EventSourceMessage) => {
                  if (message.event === 'resync') subscriber.next({ kind: 'resync' });
                  if (message.event === 'changes')
                    subscriber.next({ kind: 'changes', event: JSON.parse(message.data) as ChangesEvent });
                },
              });
              const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
              for (;;) {
                const { value, done } = await reader.read();
                if (done) break;
                clearTimeout(idle);
                idle = setTimeout(abort, streamIdleMs);
                parser.feed(value);
              }
            } catch {
              // Offline, server restarting, or aborted: say so, wait, and reconnect.
            } finally {
              clearTimeout(idle);
            }
            if (stopped) return;
            subscriber.next({ kind: 'down' });
            if (pause !== undefined) {
              await firstValueFrom(timer(pause));
              continue;
            }
            // Offline: reconnect the moment the network is back. Online (the server restarting): after a pause.
            await firstValueFrom(
              online && !online.value
                ? online.pipe(filter(Boolean))
                : race(timer(reconnectMs), online ? online.pipe(skip(1), filter(Boolean)) : NEVER),
            );
          }
        };
        void connect();
        return () => {
          stopped = true;
          controller?.abort();
        };
      }),
  };
};
