import type { ServerResponse } from 'node:http';
import type { ChangesEvent } from '../../schema/index.ts';
import { deviceActivityOf } from '../ops/device-activity.ts';
import type { Database } from '../store/database.ts';
import { CHANGES_CHANNEL, PUBLIC_OWNER, type ChangeNotice } from '../store/server-seq.ts';
import type { LocalChange } from './local-change.ts';
import { pullSources, type PullSource } from './read-sources.ts';
import {
  DEFAULT_MAX_STREAMS_PER_OWNER,
  defaultMaxStreams,
  STREAM_RETRY_AFTER_S,
  ThrottledLog,
} from './stream-limits.ts';
import { log } from '../observability/logger.ts';

const streamedSources = Object.values(pullSources).filter((source) => source.streamed);

const STREAM_BATCH = 500;

/**
 * A heartbeat writes to at most this many streams, and for at most HEARTBEAT_SLICE_MS (the sockets' writes
 * included), before it yields.
 */
const HEARTBEAT_SLICE = 500;
const HEARTBEAT_SLICE_MS = 2;
/**
 * A beat is spread over this share of the interval, not written in one burst: at 19,000 streams a burst was
 * about 400 ms of writes, and the stream holders' reading of 19,000 pings at once, on the same cores, came with it.
 */
const HEARTBEAT_SPREAD = 0.5;
/** How long a beat ahead of its pace waits before its next slice. */
const HEARTBEAT_TICK_MS = 50;
const PING = ': ping\n\n';
const RESYNC = 'retry: 1000\n\nevent: resync\ndata: {}\n\n';
/** How long telling every stream to resync after a LISTEN gap takes at most (resyncAll). */
const RESYNC_SPREAD_MS = 2_000;

/** The stream's own headers, as a flat list of names and values (Node's writeHead takes one as it is). */
const STREAM_HEAD: readonly string[] = [
  'content-type',
  'text/event-stream',
  'cache-control',
  'no-cache, no-transform',
  'connection',
  'keep-alive',
  'x-accel-buffering',
  'no',
];

/** A stream's headers with others before them (the security headers), built once for every stream. */
export const streamHead = (before: readonly (readonly [string, string])[]): readonly string[] => [
  ...before.flat(),
  ...STREAM_HEAD,
];
/** How long a public change (the catalogue) waits for others to go out with it, in one read and one write. */
const PUBLIC_GATHER_MS = 50;
const PUBLIC_RETRY_MS = 1_000;

/**
 * A write on the socket at once. A response's write corks its socket and leaves the send (a syscall, most of a
 * write's cost) to the end of the turn, where a slice's time limit did not see it: corked and uncorked here, the
 * send is inside the slice that measures it.
 */
const writeNow = (res: ServerResponse, text: string): void => {
  const socket = res.socket;
  socket?.cork();
  res.write(text);
  socket?.uncork();
};

/** The ping as it goes on the wire in a chunked body: the chunk's size line, the comment, the chunk's end. */
const PING_CHUNK = Buffer.from(`${Buffer.byteLength(PING).toString(16)}\r\n${PING}\r\n`);
const PING_BYTES = Buffer.from(PING);

/**
 * The ping's bytes for this response, written straight on its socket: at 19,000 streams a beat is 19,000 writes, and
 * the response's write (the compression middleware's wrapper, the chunk framing as three buffers sent by one writev,
 * a cork) took the beat's main-thread time to about 1.8 times a plain write of one ready buffer (bench:streams,
 * 19,000 idle streams, CPU profiles: 0.96 and 1.23 s against 0.54 and 0.68 s in 32 s). Undefined when the body is
 * transformed (a content-encoding) or there is no socket: then the response's own write, the only one that knows.
 */
const pingBytesOf = (res: ServerResponse): Buffer | undefined => {
  if (!res.socket || !res.headersSent || res.getHeader('content-encoding') !== undefined) return undefined;
  return res.chunkedEncoding ? PING_CHUNK : PING_BYTES;
};

/** A heartbeat: none on top for a stream whose socket is still full (a client not reading). */
const ping = ({ res, pingBytes }: Connection): void => {
  if (res.closed || res.writableNeedDrain) return;
  const socket = res.socket;
  // Output the response holds back itself (not yet on the socket) goes first: through the response, behind it.
  if (pingBytes === undefined || !socket || res.writableLength > socket.writableLength) writeNow(res, PING);
  else if (!socket.writableNeedDrain) socket.write(pingBytes);
};

/**
 * `each` over `items` in slices of at most HEARTBEAT_SLICE items and HEARTBEAT_SLICE_MS, each in an event-loop turn
 * of its own, so writing to 19,000 streams (about 20 µs a write) never holds the loop more than a slice. With
 * `spreadMs`, paced over that long (a slice every HEARTBEAT_TICK_MS), as fast as slices go otherwise.
 */
const inSlices = async <T>(items: readonly T[], each: (item: T) => void, spreadMs = 0): Promise<void> => {
  const began = performance.now();
  const perMs = spreadMs > 0 ? items.length / spreadMs : Infinity;
  let i = 0;
  while (i < items.length) {
    const started = performance.now();
    // Where the pace says the run should be by the next tick; behind it (a busy server), as far as a slice goes.
    const due = Math.min(items.length, Math.ceil((started - began + HEARTBEAT_TICK_MS) * perMs));
    const end = Math.min(due, i + HEARTBEAT_SLICE);
    while (i < end) {
      each(items[i++]!);
      if (performance.now() - started > HEARTBEAT_SLICE_MS) break;
    }
    if (i >= items.length) return;
    if (i < due) await new Promise((resolve) => setImmediate(resolve));
    else await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_TICK_MS));
  }
};

export interface StreamLimits {
  /** Live streams this process holds at most (default: from the descriptor limit, stream-limits.ts). */
  maxStreams?: number | undefined;
  /** Live streams one owner holds at most: a new one closes the owner's oldest. */
  maxPerOwner?: number | undefined;
  /** Where refusals are reported (once per interval); the process's logger at warn by default. */
  log?: (line: string) => void;
}

/** Why a new stream is not opened: 503 with Retry-After, the client waits and keeps its queue. */
export interface StreamRefusal {
  status: 503;
  retryAfterSeconds: number;
  message: string;
}

export interface StreamStats {
  streams: number;
  maxStreams: number;
  maxPerOwner: number;
  /** New streams refused at the limit since start. */
  refused: number;
  /** Streams closed because their owner opened more than maxPerOwner. */
  evicted: number;
}

interface Connection {
  owner: string;
  res: ServerResponse;
  /**
   * Per collection: every row of the owner up to this server_seq has been sent (or was reachable by the
   * client's resync pull). It only grows, and each event carries it as its checkpoint.
   */
  checkpoints: Map<string, number>;
  /**
   * Collections with changes not yet sent, each with the server_seq the change reaches (Infinity when
   * unknown); a flush in progress picks up what is added meanwhile.
   */
  dirty: Map<string, number> | undefined;
  flushing: boolean;
  /** The heartbeat's bytes for this stream's socket (pingBytesOf); undefined: through the response. */
  pingBytes: Buffer | undefined;
  /** The device holding the stream (its x-client-id), whose deliveries the console records; undefined: unknown. */
  clientId: string | undefined;
}

/**
 * Live replication: one SSE stream per client. On connect it says `resync` (the client pulls from its
 * own checkpoint); afterwards every committed change of the owner is sent as a `changes` event, in
 * sequence order. Changes this process wrote are handed over directly (`publish`); every change is also
 * announced by NOTIFY, so it works across server instances, and what a stream has not been sent yet is
 * read from the database.
 */
export class ChangeStreams {
  private readonly byOwner = new Map<string, Set<Connection>>();
  /** Streams opened or opening (a slot is taken before open's first await, so concurrent opens count). */
  private live = 0;
  private readonly connections = new Set<Connection>();
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating = false;
  /** Public collections (the catalogue) with changes not yet sent to every stream, each with the seq it reaches. */
  private readonly publicDirty = new Map<string, number>();
  private publicScheduled = false;
  private publicFlushing = false;
  private stopped = false;
  private readonly maxStreams: number;
  private readonly maxPerOwner: number;
  private readonly refusals: ThrottledLog;
  private evicted = 0;
  /** The counter's read under way, which streams opening meanwhile share (committedSeq). */
  private counterRead: Promise<number> | undefined;

  /** `heartbeatMs`: how often an idle stream says it is alive, so clients can tell a dead link. */
  constructor(
    private readonly db: Database,
    private readonly heartbeatMs = 15_000,
    limits: StreamLimits = {},
  ) {
    this.maxStreams = limits.maxStreams ?? defaultMaxStreams();
    this.maxPerOwner = limits.maxPerOwner ?? DEFAULT_MAX_STREAMS_PER_OWNER;
    this.refusals = new ThrottledLog(
      `[stream] new live streams refused with 503: ${this.maxStreams} open, the limit (MAX_STREAMS)`,
      10_000,
      limits.log,
    );
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      CHANGES_CHANNEL,
      (payload) => this.onChanges(payload),
      () => void this.resyncAll(),
    );
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Ends every stream. `retryMs` (a shutdown): each hears why and when to come back first, as SSE's `retry:`
   * field (an EventSource waits that long) and a `closed` event; the store's client reconnects on any end anyway.
   */
  async stop({ retryMs }: { retryMs?: number } = {}): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    const farewell =
      retryMs === undefined
        ? undefined
        : `retry: ${retryMs}\nevent: closed\ndata: ${JSON.stringify({ reason: 'server shutting down' })}\n\n`;
    for (const c of [...this.connections]) {
      if (farewell) c.res.write(farewell);
      c.res.end();
    }
    this.connections.clear();
    this.byOwner.clear();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get stats(): StreamStats {
    return {
      streams: this.connections.size,
      maxStreams: this.maxStreams,
      maxPerOwner: this.maxPerOwner,
      refused: this.refusals.total,
      evicted: this.evicted,
    };
  }

  /**
   * Whether a new stream may open now; call it right before `open` (no await between them). At the limit the
   * refusal is counted and logged (once per interval): the server is full, not broken, and pushes go on.
   */
  refusal(): StreamRefusal | undefined {
    if (this.live < this.maxStreams) return undefined;
    this.refusals.count();
    return {
      status: 503,
      retryAfterSeconds: STREAM_RETRY_AFTER_S,
      message: 'The server holds as many live streams as it can: try again later (your changes still sync)',
    };
  }

  /**
   * Changes may have been committed unheard (this instance's LISTEN connection was lost and is back): every stream is
   * told `resync`, as after its own reconnect, and its device pulls from its checkpoints: spread over two seconds,
   * so the devices' pulls do not all reach a PostgreSQL just back at once.
   */
  async resyncAll(): Promise<void> {
    await inSlices([...this.connections], (c) => void c.res.write(RESYNC), RESYNC_SPREAD_MS);
  }

  /**
   * One heartbeat: a comment to every stream, paced over HEARTBEAT_SPREAD of the interval, in slices of at most
   * HEARTBEAT_SLICE streams and HEARTBEAT_SLICE_MS, each in a turn of its own: at 19,000 streams (about 20 µs a
   * write) that is a slice of 2 ms every 50 ms, not 400 ms at once, so a push waits at most a slice for it. Each
   * stream keeps its place in the order, so its pings stay about an interval apart. A beat still under way when the
   * next is due lets that one go.
   */
  async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      await inSlices([...this.connections], ping, this.heartbeatMs * HEARTBEAT_SPREAD);
    } finally {
      this.beating = false;
    }
  }

  /**
   * The counter's committed value, where a new stream's checkpoints start: everything up to it is reachable by the
   * client's resync pull. One read for all the streams that open while it is under way (a reconnect storm after a
   * restart is thousands at once, and on PGlite each read queued for the one connection ahead of the pushes). A
   * read that began before a stream asked is as good: its value can only be lower, and a checkpoint too low sends
   * a document twice at worst (the client keeps the newer), never skips one.
   */
  private committedSeq(): Promise<number> {
    this.counterRead ??= this.db
      .query<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1')
      .then(([row]) => row?.value ?? 0)
      .finally(() => (this.counterRead = undefined));
    return this.counterRead;
  }

  /**
   * Opens a stream on `res`. `head`: its headers as a flat list (streamHead); one list shared by every stream keeps
   * no header object per response (what setHeader would keep for the stream's life). `clientId`: the device, when
   * it said (its outcomes' deliveries are recorded for the operator console).
   */
  async open(
    owner: string,
    res: ServerResponse,
    head: readonly string[] = STREAM_HEAD,
    clientId?: string,
  ): Promise<void> {
    this.live += 1;
    let counted = true;
    let registered: Connection | undefined = undefined;
    // One listener for the slot and the registration: it is kept for the stream's life, 19,000 times.
    const release = (): void => {
      if (counted) this.live -= 1;
      counted = false;
      if (registered) this.forget(registered);
    };
    res.on('close', release);
    let start: number;
    try {
      start = await this.committedSeq();
    } catch (error) {
      release();
      throw error;
    }
    const connection: Connection = {
      owner,
      res,
      checkpoints: new Map(streamedSources.map((source) => [source.name, start])),
      dirty: undefined,
      flushing: false,
      pingBytes: undefined,
      clientId,
    };
    const socket = res.socket;
    socket?.cork();
    res.writeHead(200, head as string[]);
    // The head on its own write: Node builds it by concatenation, a string of some 60 pieces kept by the response
    // for its life (about 1.9 KB a stream); written alone, it is the string the socket's write flattens in place,
    // and the pieces go. Corked with the first event, both still leave in one send.
    res.flushHeaders();
    res.write(RESYNC);
    socket?.uncork();
    if (res.closed) {
      release();
      return;
    }
    connection.pingBytes = pingBytesOf(res);
    const set = this.byOwner.get(owner) ?? new Set();
    set.add(connection);
    this.byOwner.set(owner, set);
    this.connections.add(connection);
    registered = connection;
    // One owner's streams are bounded: past the bound the oldest goes, not the new one. A phone that changed
    // networks leaves a stream the server cannot tell is dead, and refusing the new one would lock the live
    // device out; the closed one hears why before it ends.
    for (const oldest of set) {
      if (set.size <= this.maxPerOwner) break;
      this.evicted += 1;
      oldest.res.write(
        `event: closed\ndata: ${JSON.stringify({ reason: `more than ${this.maxPerOwner} live streams of one owner` })}\n\n`,
      );
      oldest.res.end();
      set.delete(oldest);
      this.connections.delete(oldest);
    }
  }

  /** A closed stream leaves the registry. */
  private forget(connection: Connection): void {
    this.connections.delete(connection);
    const set = this.byOwner.get(connection.owner);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byOwner.delete(connection.owner);
  }

  /**
   * Documents a transaction of this process has just committed (see LocalChange): sent at once to the
   * owner's streams whose checkpoint allows it, without a read; the others are read as after a NOTIFY.
   */
  publish(changes: readonly LocalChange[]): void {
    // One write per connection for all of a commit's events: one chunk (one packet) for the client to take in,
    // not one per collection. Each event is serialised once for all the connections it goes to as it is.
    const out = new Map<Connection, string[]>();
    const serialised = new Map<LocalChange, { checkpoint: number; text: string }>();
    for (const change of changes) {
      for (const connection of this.byOwner.get(change.owner) ?? []) {
        const checkpoint = connection.checkpoints.get(change.collection);
        if (checkpoint === undefined || connection.res.closed) continue;
        if (checkpoint < change.after) {
          this.markDirty(connection, change.collection, Infinity);
          continue;
        }
        const events = out.get(connection) ?? [];
        out.set(connection, events);
        const shared = serialised.get(change);
        const event =
          shared && shared.checkpoint === checkpoint
            ? this.advance(connection, change.collection, change.documents, 0, shared.text)
            : this.advance(connection, change.collection, change.documents, 0);
        if (event && !shared) serialised.set(change, { checkpoint, text: event });
        if (event) events.push(event);
      }
    }
    for (const [connection, events] of out) if (events.length > 0) connection.res.write(events.join(''));
  }

  private onChanges(payload: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    for (const owner of notice.owners) {
      if (owner === PUBLIC_OWNER) {
        for (const name of notice.collections) this.markPublicDirty(name, notice.seqs?.[name] ?? Infinity);
        continue;
      }
      for (const connection of this.byOwner.get(owner) ?? []) {
        for (const name of notice.collections) this.markDirty(connection, name, notice.seqs?.[name] ?? Infinity);
      }
    }
  }

  /**
   * A change every stream gets (the catalogue: a stock figure moved by an order): read once for all the streams, not
   * once per stream (19,000 reads of the product list per order), after a short wait that gathers the changes of
   * other orders into the same read and the same write per stream.
   */
  private markPublicDirty(name: string, reaches: number): void {
    this.publicDirty.set(name, Math.max(this.publicDirty.get(name) ?? 0, reaches));
    if (this.publicScheduled) return;
    this.publicScheduled = true;
    setTimeout(() => {
      this.publicScheduled = false;
      void this.flushPublic();
    }, PUBLIC_GATHER_MS).unref();
  }

  private async flushPublic(): Promise<void> {
    if (this.publicFlushing || this.stopped) return; // the flush under way takes what was added meanwhile
    this.publicFlushing = true;
    let dirty: [string, number][] = [];
    try {
      while (this.publicDirty.size > 0 && !this.stopped) {
        dirty = [...this.publicDirty];
        this.publicDirty.clear();
        for (const [name, reaches] of dirty) {
          const source = streamedSources.find((s) => s.name === name);
          if (source) await this.sendPublic(source, reaches);
        }
        dirty = [];
      }
    } catch (error) {
      // Not sent: kept, and tried again after a while (ending every stream would bring them all back at once).
      log.warn({ component: 'stream', reason: (error as Error).message }, 'public changes not sent, trying again');
      for (const [name, reaches] of dirty)
        this.publicDirty.set(name, Math.max(this.publicDirty.get(name) ?? 0, reaches));
      setTimeout(() => void this.flushPublic(), PUBLIC_RETRY_MS).unref();
    } finally {
      this.publicFlushing = false;
    }
  }

  /**
   * One read of a public collection from the lowest checkpoint of the streams behind `reaches`, each stream sent
   * the documents past its own checkpoint: the rows are the same for every owner (that is what announcing them to
   * PUBLIC_OWNER says). Streams that miss the same documents get the same event, serialised once.
   */
  private async sendPublic(source: PullSource, reaches: number): Promise<void> {
    const { name } = source;
    const behind = [...this.connections].filter((c) => (c.checkpoints.get(name) ?? Infinity) < reaches);
    if (behind.length === 0) return;
    let after = behind.reduce((low, c) => Math.min(low, c.checkpoints.get(name)!), Infinity);
    for (;;) {
      const page = await source.pull(this.db, behind[0]!.owner, after, STREAM_BATCH);
      const documents = page.documents as { serverSeq: number }[];
      if (documents.length === 0) return;
      const reached = page.checkpoint.serverSeq;
      // By how many documents a stream is past the page's first: the event is the same for the same count.
      const texts = new Map<number, string>();
      await inSlices(behind, (connection) => {
        if (connection.res.closed) return;
        const checkpoint = connection.checkpoints.get(name) ?? 0;
        const skipped = documents.findIndex((d) => d.serverSeq > checkpoint);
        if (skipped < 0) return;
        const event = this.advance(connection, name, documents, reached, texts.get(skipped));
        if (event === undefined) return;
        texts.set(skipped, event);
        writeNow(connection.res, event);
      });
      if (documents.length < STREAM_BATCH) return;
      after = reached;
    }
  }

  private markDirty(connection: Connection, name: string, reaches: number): void {
    // Made when first needed: most held streams never have a change of their own.
    connection.dirty ??= new Map();
    connection.dirty.set(name, Math.max(connection.dirty.get(name) ?? 0, reaches));
    // On the next turn, not now: the NOTIFY of a transaction this process committed can arrive before the
    // committing code has published it (PGlite calls listeners while it reads COMMIT's reply), and a
    // stream already past the change needs no read.
    setImmediate(() => void this.flush(connection));
  }

  /** Sends what changed since the connection's checkpoints, only for the collections that changed. */
  private async flush(connection: Connection): Promise<void> {
    if (connection.flushing) return;
    connection.flushing = true;
    try {
      while (connection.dirty && connection.dirty.size > 0 && !connection.res.closed) {
        const dirty = [...connection.dirty];
        connection.dirty.clear();
        for (const [name, reaches] of dirty) {
          const source = streamedSources.find((s) => s.name === name);
          const checkpoint = connection.checkpoints.get(name);
          if (source && checkpoint !== undefined && checkpoint < reaches) await this.send(connection, source);
        }
      }
    } catch (error) {
      log.error({ component: 'stream', reason: (error as Error).message }, 'flush failed');
      connection.res.end();
    } finally {
      connection.flushing = false;
    }
  }

  private async send(connection: Connection, source: PullSource): Promise<void> {
    for (;;) {
      const after = connection.checkpoints.get(source.name) ?? 0;
      const page = await source.pull(this.db, connection.owner, after, STREAM_BATCH);
      if (page.documents.length === 0) return;
      this.write(connection, source.name, page.documents as { serverSeq: number }[], page.checkpoint.serverSeq);
      if (page.documents.length < STREAM_BATCH) return;
    }
  }

  /**
   * Sends the documents the connection has not had and moves its checkpoint forward: a read may return
   * what a publish already sent while it was under way, and a checkpoint never moves back.
   */
  private write(connection: Connection, collection: string, documents: { serverSeq: number }[], reached: number) {
    const event = this.advance(connection, collection, documents, reached);
    if (event) connection.res.write(event);
  }

  /**
   * The `changes` event of the documents the connection has not had, its checkpoint moved past them; undefined
   * when it has had them all. `text`: the same event already serialised for a connection at the same checkpoint.
   */
  private advance(
    connection: Connection,
    collection: string,
    documents: { serverSeq: number }[],
    reached: number,
    text?: string,
  ): string | undefined {
    const checkpoint = connection.checkpoints.get(collection) ?? 0;
    const fresh = documents.filter((d) => d.serverSeq > checkpoint);
    if (fresh.length === 0) return undefined;
    const next = Math.max(checkpoint, reached, fresh[fresh.length - 1]!.serverSeq);
    connection.checkpoints.set(collection, next);
    if (connection.clientId !== undefined && collection === 'outcomes') {
      deviceActivityOf(this.db).deliveredByStream(connection.clientId, connection.owner, next);
    }
    if (text !== undefined) return text;
    const event: ChangesEvent = { collection, documents: fresh, checkpoint: { serverSeq: next } };
    return `event: changes\ndata: ${JSON.stringify(event)}\n\n`;
  }
}
