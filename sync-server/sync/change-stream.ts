import type { Response } from 'express';
import type { ChangesEvent } from '../../schema/index.ts';
import type { Database } from '../store/database.ts';
import { CHANGES_CHANNEL, PUBLIC_OWNER, type ChangeNotice } from '../store/server-seq.ts';
import { pullSources, type PullSource } from './read-sources.ts';

const streamedSources = Object.values(pullSources).filter((source) => source.streamed);

const STREAM_BATCH = 500;

interface Connection {
  owner: string;
  res: Response;
  /** Per collection: the last server_seq this connection has been sent. */
  checkpoints: Map<string, number>;
  /** Collections with changes not yet sent; a flush in progress picks up what is added meanwhile. */
  dirty: Set<string>;
  flushing: boolean;
}

/**
 * Live replication: one SSE stream per client. On connect it says `resync` (the client pulls from its
 * own checkpoint); afterwards every committed change of the owner (announced by NOTIFY, so it works
 * across server instances) is read from the database and sent as a `changes` event, in sequence order.
 */
export class ChangeStreams {
  private readonly byOwner = new Map<string, Set<Connection>>();
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  /** `heartbeatMs`: how often an idle stream says it is alive, so clients can tell a dead link. */
  constructor(
    private readonly db: Database,
    private readonly heartbeatMs = 15_000,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.onChanges(payload));
    this.heartbeat = setInterval(() => {
      for (const set of this.byOwner.values()) for (const c of set) c.res.write(': ping\n\n');
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    for (const set of this.byOwner.values()) for (const c of set) c.res.end();
    this.byOwner.clear();
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.byOwner.values()) n += set.size;
    return n;
  }

  async open(owner: string, res: Response): Promise<void> {
    // Everything up to the counter's committed value is reachable by the client's resync pull.
    const [row] = await this.db.query<{ value: number }>('SELECT value FROM sync_counter WHERE id = 1');
    const start = row?.value ?? 0;
    const connection: Connection = {
      owner,
      res,
      checkpoints: new Map(streamedSources.map((source) => [source.name, start])),
      dirty: new Set(),
      flushing: false,
    };
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 1000\n\nevent: resync\ndata: {}\n\n');
    const set = this.byOwner.get(owner) ?? new Set();
    set.add(connection);
    this.byOwner.set(owner, set);
    res.on('close', () => {
      set.delete(connection);
      if (set.size === 0) this.byOwner.delete(owner);
    });
  }

  private onChanges(payload: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    const targets = notice.owners.includes(PUBLIC_OWNER)
      ? [...this.byOwner.values()].flatMap((set) => [...set])
      : notice.owners.flatMap((owner) => [...(this.byOwner.get(owner) ?? [])]);
    for (const connection of targets) {
      for (const name of notice.collections) connection.dirty.add(name);
      void this.flush(connection);
    }
  }

  /** Sends what changed since the connection's checkpoints, only for the collections that changed. */
  private async flush(connection: Connection): Promise<void> {
    if (connection.flushing) return;
    connection.flushing = true;
    try {
      while (connection.dirty.size > 0 && !connection.res.closed) {
        const names = [...connection.dirty];
        connection.dirty.clear();
        for (const source of streamedSources.filter((s) => names.includes(s.name))) await this.send(connection, source);
      }
    } catch (error) {
      console.error('[stream] flush failed:', (error as Error).message);
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
      const event: ChangesEvent = { collection: source.name, ...page };
      connection.res.write(`event: changes\ndata: ${JSON.stringify(event)}\n\n`);
      connection.checkpoints.set(source.name, page.checkpoint.serverSeq);
      if (page.documents.length < STREAM_BATCH) return;
    }
  }
}
