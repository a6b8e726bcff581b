import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { dexieStorage } from '../../client/sync/dexie-storage.ts';
import { createStoreClient } from '../../client/sync/store-client.ts';
import type { StoreClient } from '../../client/sync/store-client-types.ts';
import { createNetwork, type Network } from '../../tests/support/network.ts';
import { waitFor } from '../../tests/support/wait.ts';

/**
 * A shopper's device for the bench: the real client sync core (RxDB on Dexie over fake-indexeddb, as
 * tests/support/node-client.ts opens it) with the test network, whose fetch is wrapped to record, when
 * tracing is on, each request's timing and each event the live stream delivers.
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
  requests: RequestTrace[];
  events: StreamEventTrace[];
  reset(): void;
}

export interface BenchDevice {
  client: StoreClient;
  network: Network;
  trace: NetTrace;
  name: string;
}

let counter = 0;

const tracingFetch =
  (network: Network, trace: NetTrace): typeof fetch =>
  async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const what = `${init?.method ?? 'GET'} ${url.pathname}`;
    const isStream = url.pathname.endsWith('/sync/stream');
    const record: RequestTrace | undefined = trace.enabled ? { what, start: performance.now() } : undefined;
    if (record && typeof init?.body === 'string' && url.pathname.endsWith('/push')) {
      const { rows } = JSON.parse(init.body) as { rows: { newDocumentState: { id: string } }[] };
      record.rows = rows.length;
      record.ids = rows.map((row) => row.newDocumentState.id);
    }
    if (record) trace.requests.push(record);
    let response: Response;
    try {
      response = await network.fetch(input, init);
    } catch (error) {
      if (record) record.failed = true;
      throw error;
    }
    if (record) record.headers = performance.now();
    if (!response.body) return response;
    let body: ReadableStream<Uint8Array>;
    if (isStream) {
      const decoder = new TextDecoder();
      const parser = createParser({
        onEvent: (message: EventSourceMessage) => {
          if (!trace.enabled) return;
          const at = performance.now();
          const data =
            message.event === 'changes'
              ? (JSON.parse(message.data) as { collection: string; documents: { id?: string; status?: string }[] })
              : undefined;
          const settled = data?.documents.filter((d) => typeof d.status === 'string' && d.status !== 'pending') ?? [];
          trace.events.push({
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
      body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            if (trace.enabled) parser.feed(decoder.decode(chunk, { stream: true }));
            controller.enqueue(chunk);
          },
        }),
      );
    } else {
      const decoder = new TextDecoder();
      let text = '';
      const isPull = url.pathname.endsWith('/pull');
      body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            if (record && isPull) text += decoder.decode(chunk, { stream: true });
            controller.enqueue(chunk);
          },
          flush() {
            if (!record) return;
            record.end = performance.now();
            if (isPull && response.ok) {
              const page = JSON.parse(text) as { documents: { id?: string; status?: string }[] };
              record.settledIds = page.documents
                .filter((d) => typeof d.status === 'string' && d.status !== 'pending')
                .map((d) => d.id ?? '');
            }
          },
        }),
      );
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

export const openBenchDevice = async (baseUrl: string, label: string): Promise<BenchDevice> => {
  const name = `bench-${label}-${process.pid}-${++counter}-${Date.now()}`;
  const network = createNetwork();
  const trace: NetTrace = {
    enabled: false,
    requests: [],
    events: [],
    reset() {
      this.requests = [];
      this.events = [];
    },
  };
  const client = await createStoreClient({
    baseUrl,
    databaseName: name,
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    multiInstance: false,
    fetch: tracingFetch(network, trace),
    online$: network.online$,
  });
  return { client, network, trace, name };
};

interface IdentityDoc {
  token?: string;
  owner?: string;
}

export const identityOf = async (device: BenchDevice): Promise<IdentityDoc> =>
  (await device.client.db.getLocal<IdentityDoc>('identity'))!.toJSON().data;

/** A second device of the same shopper: it adopts the first's cart token (each client has its own id). */
export const adoptIdentity = async (first: BenchDevice, second: BenchDevice): Promise<void> => {
  const from = await identityOf(first);
  await second.client.db.upsertLocal('identity', { token: from.token, owner: from.owner });
};

/** Identity, live stream and catalogue in place: the device is ready to dispatch and see results. */
export const whenReady = async (device: BenchDevice, owner?: string): Promise<void> => {
  await waitFor(device.client.syncState$, (s) => s.identityReady && s.connected, `${device.name} connected`, 20_000);
  await waitFor(device.client.products$, (p) => p.length >= 6, `${device.name} catalogue`, 20_000);
  if (owner) await waitFor(device.client.cart$, (c) => c.owner === owner, `${device.name} on cart ${owner}`, 20_000);
};
