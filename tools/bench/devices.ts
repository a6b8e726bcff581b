import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { dexieStorage } from '../../client/sync/dexie-storage.ts';
import { createStoreClient } from '../../client/sync/store-client.ts';
import type { StoreClient } from '../../client/sync/store-client-types.ts';
import { BehaviorSubject } from 'rxjs';
import type { Network } from '../../tests/support/network.ts';
import { waitFor } from '../../tests/support/wait.ts';

/**
 * A shopper's device for the bench: the real client sync core (RxDB on Dexie over fake-indexeddb, as
 * tests/support/node-client.ts opens it) on a network that can go offline like the test network's and
 * records, when tracing is on, each request's timing and each event the live stream delivers.
 */

export interface RequestTrace {
  what: string;
  start: number;
  /** Response headers received. */
  headers?: number;
  /** Body fully read (push and pull). */
  end?: number;
  rows?: number;
  /** Ids of the pushed documents. */
  ids?: string[];
  /** Pulls: ids of the settled commands in the answer. */
  settledIds?: string[];
  failed?: boolean;
}
export interface StreamEventTrace {
  at: number;
  event: string;
  collection?: string;
  docs: number;
  /** Documents in the event that are commands (they have a status). */
  statusDocs: number;
  /** Commands in the event whose status is no longer pending. */
  settled: number;
  /** Their ids. */
  settledIds: string[];
}
export interface NetTrace {
  enabled: boolean;
  /** Read after the measured window: parsing is deferred until then (see createBenchNetwork). */
  readonly requests: RequestTrace[];
  readonly events: StreamEventTrace[];
  reset(): void;
}

export interface BenchDevice {
  client: StoreClient;
  network: Network;
  trace: NetTrace;
  name: string;
}

let counter = 0;

/** A stream chunk as it arrived, parsed only when the trace is read. */
interface PendingChunk {
  at: number;
  text: string;
  feed: (chunk: PendingChunk) => void;
}

/**
 * The recorder behind a device's NetTrace. While the window is measured it only timestamps and keeps
 * text (push bodies, pull answers, stream chunks); JSON parsing and SSE parsing happen when the trace
 * is read, so the harness does not add its own work to the path it measures.
 */
const createTrace = () => {
  let requests: RequestTrace[] = [];
  let events: StreamEventTrace[] = [];
  let chunks: PendingChunk[] = [];
  const settle = () => {
    for (const chunk of chunks) chunk.feed(chunk);
    chunks = [];
  };
  const trace: NetTrace = {
    enabled: false,
    get requests() {
      return requests;
    },
    get events() {
      settle();
      return events;
    },
    reset() {
      settle();
      requests = [];
      events = [];
    },
  };
  /** A parser per stream connection, fed in arrival order, stamping each event with its chunk's time. */
  const streamParser = () => {
    let at = 0;
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        const data =
          message.event === 'changes'
            ? (JSON.parse(message.data) as { collection: string; documents: { id?: string; status?: string }[] })
            : undefined;
        const settled = data?.documents.filter((d) => typeof d.status === 'string' && d.status !== 'pending') ?? [];
        events.push({
          at,
          event: message.event ?? 'message',
          ...(data ? { collection: data.collection } : {}),
          docs: data?.documents.length ?? 0,
          statusDocs: data?.documents.filter((d) => typeof d.status === 'string').length ?? 0,
          settled: settled.length,
          settledIds: settled.map((d) => d.id ?? ''),
        });
      },
    });
    return (chunk: PendingChunk) => {
      at = chunk.at;
      parser.feed(chunk.text);
    };
  };
  return {
    trace,
    record: (entry: RequestTrace) => requests.push(entry),
    chunk: (entry: PendingChunk) => chunks.push(entry),
    streamParser,
  };
};
type Recorder = ReturnType<typeof createTrace>;

/** Defines `key` on `record` as computed on first read from text kept meanwhile. */
const lazy = <K extends 'ids' | 'settledIds'>(record: RequestTrace, key: K, compute: () => RequestTrace[K]) => {
  let value: RequestTrace[K] | undefined;
  let done = false;
  Object.defineProperty(record, key, {
    enumerable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
};

/**
 * The body of a response, passed on chunk by chunk with `onChunk` called as each arrives and `onEnd` when it
 * ends: one stream hop (a pull from the source's reader), where pipeThrough(TransformStream) was a pipe loop
 * and a transform per chunk on the measured path.
 */
const observed = (
  source: ReadableStream<Uint8Array>,
  onChunk: (chunk: Uint8Array) => void,
  onEnd: () => void,
): ReadableStream<Uint8Array> => {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) {
        onEnd();
        controller.close();
        return;
      }
      onChunk(value);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
};

/**
 * A device's network (the shape of tests/support/network.ts's): a fetch that fails while "offline", and going
 * offline aborts every request still open, the live stream included. The test network keeps each request
 * until its body is read through a TransformStream; here a request is open until its body has been read or
 * it was aborted, watched by the one observing stream the trace needs anyway: the measured path carries one
 * extra stream hop per response, not two.
 */
const createBenchNetwork = (recorder: Recorder): Network => {
  const online$ = new BehaviorSubject(true);
  const open = new Set<AbortController>();
  const { trace } = recorder;
  const fetchFn: typeof fetch = async (input, init) => {
    if (!online$.value) throw new TypeError('fetch failed: offline');
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const what = `${init?.method ?? 'GET'} ${url.pathname}`;
    const isStream = url.pathname.endsWith('/sync/stream');
    const isPull = url.pathname.endsWith('/pull');
    const record: RequestTrace | undefined = trace.enabled ? { what, start: performance.now() } : undefined;
    if (record && typeof init?.body === 'string' && url.pathname.endsWith('/push')) {
      const body = init.body;
      // The row count without parsing: one newDocumentState per row.
      record.rows = body.split('"newDocumentState"').length - 1;
      lazy(record, 'ids', () =>
        (JSON.parse(body) as { rows: { newDocumentState: { id: string } }[] }).rows.map(
          (row) => row.newDocumentState.id,
        ),
      );
    }
    if (record) recorder.record(record);
    const controller = new AbortController();
    const outer = init?.signal;
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    open.add(controller);
    controller.signal.addEventListener('abort', () => open.delete(controller), { once: true });
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      open.delete(controller);
      if (record) record.failed = true;
      throw error;
    }
    if (record) record.headers = performance.now();
    if (!response.body) {
      open.delete(controller);
      return response;
    }
    const decoder = new TextDecoder();
    const feed = isStream ? recorder.streamParser() : undefined;
    let text = '';
    const body = observed(
      response.body,
      (chunk) => {
        if (feed && trace.enabled)
          recorder.chunk({ at: performance.now(), text: decoder.decode(chunk, { stream: true }), feed });
        if (record && isPull) text += decoder.decode(chunk, { stream: true });
      },
      () => {
        open.delete(controller);
        if (!record || isStream) return;
        record.end = performance.now();
        if (isPull && response.ok) {
          lazy(record, 'settledIds', () =>
            (JSON.parse(text) as { documents: { id?: string; status?: string }[] }).documents
              .filter((d) => typeof d.status === 'string' && d.status !== 'pending')
              .map((d) => d.id ?? ''),
          );
        }
      },
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return {
    fetch: fetchFn,
    online$,
    setOnline(online: boolean) {
      if (!online) for (const c of [...open]) c.abort();
      if (!online) open.clear();
      online$.next(online);
    },
  };
};

export const openBenchDevice = async (baseUrl: string, label: string): Promise<BenchDevice> => {
  const name = `bench-${label}-${process.pid}-${++counter}-${Date.now()}`;
  const recorder = createTrace();
  const network = createBenchNetwork(recorder);
  const client = await createStoreClient({
    baseUrl,
    databaseName: name,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    fetch: network.fetch,
    online$: network.online$,
  });
  return { client, network, trace: recorder.trace, name };
};

interface IdentityDoc {
  token?: string;
  owner?: string;
}

export const identityOf = async (device: BenchDevice): Promise<IdentityDoc> =>
  (await device.client.db.getLocal<IdentityDoc>('identity'))!.toJSON().data;

/** Identity, live stream and catalogue in place: the device is ready to dispatch and see results. */
export const whenReady = async (device: BenchDevice, owner?: string): Promise<void> => {
  await waitFor(device.client.syncState$, (s) => s.identityReady && s.connected, `${device.name} connected`, 20_000);
  await waitFor(device.client.products$, (p) => p.length >= 6, `${device.name} catalogue`, 20_000);
  if (owner) await waitFor(device.client.cart$, (c) => c.owner === owner, `${device.name} on cart ${owner}`, 20_000);
};
