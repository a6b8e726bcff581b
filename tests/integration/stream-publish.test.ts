import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesEvent } from '../../schema/index.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database, SqlParam } from '../../sync-server/store/database.ts';
import { notifyChanges, PUBLIC_OWNER, reserveServerSeqs } from '../../sync-server/store/server-seq.ts';
import { ChangeStreams } from '../../sync-server/sync/change-stream.ts';
import { pushCommands } from '../../sync-server/sync/push-commands.ts';
import { createGuest, type Guest } from '../support/protocol-client.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';

/** An SSE response that keeps what was written (`writes`), parsed into events (a write may hold several). */
const fakeResponse = () => {
  const chunks: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    closed: false,
    writeHead: () => res,
    flushHeaders: () => undefined,
    write: (chunk: string) => chunks.push(chunk) > 0,
    end: () => {
      res.closed = true;
      res.emit('close');
    },
  });
  const events = () =>
    chunks
      .flatMap((c) => c.split('\n\n'))
      .filter((c) => c.startsWith('event: changes'))
      .map((c) => JSON.parse(c.slice(c.indexOf('data: ') + 6)) as ChangesEvent<{ id?: string; serverSeq: number }>);
  return { res: res as unknown as ServerResponse, events, writes: chunks };
};

/**
 * The live stream sends what this process committed without reading it back, only where that cannot
 * skip a row; otherwise it reads from the stream's checkpoint, as after a NOTIFY from another instance.
 */
describe(`live stream fed by this process's commits (${storeKind})`, () => {
  let db: Database;
  let server: RunningServer;
  let streams: ChangeStreams;
  const reads: string[] = [];
  /** Reads of the catalogue's changed products (the `products` collection every stream gets). */
  const productReads: string[] = [];
  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, 'off');
    // The stream under test reads through this, so its reads can be counted.
    const counted: Database = {
      ...db,
      query: <Row>(text: string, params?: readonly SqlParam[]) => {
        if (/FROM (commands|carts) WHERE owner/.test(text)) reads.push(text);
        if (/FROM catalog_products WHERE server_seq/.test(text)) productReads.push(text);
        return db.query<Row>(text, params);
      },
    };
    streams = new ChangeStreams(counted);
    await streams.start();
  });
  afterAll(async () => {
    await streams.stop();
    await server.close();
    await db.close();
  });

  const inline = () => new Executor(db);
  const push = (guest: Guest, ...docs: ReturnType<Guest['command']>[]) =>
    pushCommands(
      db,
      { owner: guest.owner, kind: 'guest' },
      { rows: docs.map((d) => ({ newDocumentState: d })) },
      inline(),
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('a commit the stream is up to is sent as published, once', async () => {
    const guest = await createGuest(server.url);
    const { res, events, writes } = fakeResponse();
    await streams.open(guest.owner, res);
    reads.length = 0;

    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const { changes } = await push(guest, add);
    const before = writes.length;
    streams.publish(changes);
    expect(events().map((e) => e.collection)).toEqual(['outcomes', 'carts']);
    // Both events of the commit leave in one write: one chunk for the client to take in.
    expect(writes.length - before).toBe(1);
    expect(events()[0]!.documents.map((d) => d.id)).toEqual([add.id]);
    await settle();
    expect(events()).toHaveLength(2);
    // On PGlite the NOTIFY always comes after the publish, and finds nothing to read. (PostgreSQL's may
    // come first, from its own connection: then the read sends, and the publish finds it sent.)
    if (db.kind === 'pglite') expect(reads).toEqual([]);
    res.end();
  });

  it('a commit after one the stream has not sent is read from the checkpoint, so nothing is skipped', async () => {
    const guest = await createGuest(server.url);
    const { res, events } = fakeResponse();
    await streams.open(guest.owner, res);
    reads.length = 0;

    const first = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const second = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    await push(guest, first); // committed, never published here (as by another instance)
    const { changes } = await push(guest, second);
    streams.publish(changes);
    await settle();

    expect(reads.length).toBeGreaterThan(0);
    const outcomes = events().filter((e) => e.collection === 'outcomes');
    expect(outcomes.flatMap((e) => e.documents.map((d) => d.id))).toEqual([first.id, second.id]);
    // The cart's last version sent is the latest, and checkpoints only grew.
    const carts = events().filter((e) => e.collection === 'carts');
    expect(carts.at(-1)!.documents).toEqual((await guest.pull('carts')).documents);
    for (const sent of [outcomes, carts]) {
      const seqs = sent.map((e) => e.checkpoint.serverSeq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    res.end();
  });

  it('documents a read already sent are not sent again when their publish comes late', async () => {
    const guest = await createGuest(server.url);
    const { res, events } = fakeResponse();
    await streams.open(guest.owner, res);
    const add = guest.command('cart.addItem', { sku: 'APP3', qty: 1 });
    const { changes } = await push(guest, add);
    await settle(); // the NOTIFY's read sends them first
    const before = events().length;
    streams.publish(changes);
    expect(events()).toHaveLength(before);
    res.end();
  });

  it('a catalogue change reaches every stream with one read, not one per stream', async () => {
    // Streams of many owners, opened at different checkpoints (a push in between moves the counter).
    const streamsOpen: ReturnType<typeof fakeResponse>[] = [];
    for (let i = 0; i < 3; i++) {
      const guest = await createGuest(server.url);
      for (let j = 0; j < 10; j++) {
        const stream = fakeResponse();
        await streams.open(j === 0 ? guest.owner : `reader-${i}-${j}`, stream.res);
        streamsOpen.push(stream);
      }
      await push(guest, guest.command('cart.addItem', { sku: 'APP3', qty: 1 }));
    }
    await settle();
    productReads.length = 0;

    // A product renamed as the catalogue writer (or an order's stock move) changes it: announced to every owner.
    await db.transaction(async (tx) => {
      const seq = await reserveServerSeqs(tx, 1);
      await tx.query(
        `UPDATE catalog_products SET doc = jsonb_set(doc, '{name}', to_jsonb($2::text)), server_seq = $3 WHERE sku = $1`,
        ['APP3', 'Renamed for the streams', seq],
      );
      await notifyChanges(tx, [PUBLIC_OWNER], ['products']);
    });
    const deadline = Date.now() + 5_000;
    const sent = (stream: ReturnType<typeof fakeResponse>) =>
      stream.events().filter((e) => e.collection === 'products');
    while (streamsOpen.some((stream) => sent(stream).length === 0) && Date.now() < deadline) await settle();

    for (const stream of streamsOpen) {
      const products = sent(stream).flatMap((e) => e.documents) as unknown as { sku: string; name: string }[];
      expect(products.find((p) => p.sku === 'APP3')?.name).toBe('Renamed for the streams');
    }
    expect(productReads).toHaveLength(1);
    for (const stream of streamsOpen) stream.res.end();
  });
});
