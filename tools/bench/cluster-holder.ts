/**
 * The devices of `npm run bench:cluster`, held in a process of their own (as stream-holder.ts for bench:streams):
 * live streams through the balancer, each reconnecting as the store's client does when its stream drops (after the
 * `retry:` the server set, 1 s, with some spread so a whole instance's devices do not come back in one instant),
 * then pulling the outcomes it missed from its own checkpoint (GET /sync/outcomes/pull?after=...).
 *
 * Two kinds of stream: the watched ones (the pushing owners' devices) read every `changes` event of `outcomes` and
 * report each command they receive, first time only, with the wall-clock time (performance.timeOrigin + now, the
 * same clock as the bench's process); the idle ones (owners who do not push) only keep their socket read. Both
 * report when they drop and when they are live again.
 *
 * IPC in: { hold, port, watched?, perOwner } | { closeWatched } | { release } | { cpu } | { stop }. Out: { ready },
 * { open, refused, streams }, { closed }, { released }, { receipts }, { drops }, { lives }, { cpu }.
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import net from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChangesEvent, CommandDocument, PullResponse } from '../../schema/index.ts';
import { createGuestCart, type GuestCart } from './raw-client.ts';

const [balancerUrl] = process.argv.slice(2);
if (!balancerUrl || !process.send) throw new Error('usage: forked by tools/bench/cluster.ts with the balancer URL');
const send = (message: unknown): void => void process.send!(message);
const now = (): number => performance.timeOrigin + performance.now();

/** The server's `retry:` (change-stream.ts): what an EventSource waits before it reconnects. */
const RETRY_MS = 1000;
const PULL_LIMIT = 1000;

interface Stream {
  key: string;
  owner: string;
  token: string;
  port: number;
  watched: boolean;
  /** The outcomes' checkpoint this device has reached (events and pulls). */
  checkpoint: number;
  received: Set<string>;
  /**
   * Between a drop and the end of the resync pull: the checkpoint stays where the drop left it, as the client's
   * (schema/sync/protocol.ts: a checkpoint moves only once the resync pull has finished). Moved by the new stream's
   * first events, the pull would start past the outcomes committed while the device was away, and skip them.
   */
  resyncing: boolean;
  socket: net.Socket | IncomingMessage | undefined;
  stopped: boolean;
}

const streams: Stream[] = [];
let receipts: [string, string, number][] = [];
let drops: [string, number][] = [];
let lives: [string, number][] = [];
let stopping = false;

/** Batched: 200 pushes/s to a few hundred watched streams is thousands of receipts a second. */
setInterval(() => {
  if (receipts.length > 0) send({ receipts });
  if (drops.length > 0) send({ drops });
  if (lives.length > 0) send({ lives });
  receipts = [];
  drops = [];
  lives = [];
}, 50).unref();

const receive = (stream: Stream, documents: readonly CommandDocument[], at: number): void => {
  for (const doc of documents) {
    if (stream.received.has(doc.id)) continue;
    stream.received.add(doc.id);
    receipts.push([stream.key, doc.id, at]);
  }
};

const pullAgent = new Agent({ keepAlive: true, maxSockets: 32 });

/** One page of the owner's outcomes after `after`, through the balancer. */
const pullPage = (stream: Stream, after: number): Promise<PullResponse<CommandDocument>> =>
  new Promise((resolve, reject) => {
    const req = get(
      `http://127.0.0.1:${stream.port}/sync/outcomes/pull?after=${after}&limit=${PULL_LIMIT}`,
      { agent: pullAgent, headers: { authorization: `Bearer ${stream.token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`pull answered ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text) as PullResponse<CommandDocument>);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });

/** The resync pull the client makes after every (re)connect: pages until one comes back short. */
const resyncPull = async (stream: Stream): Promise<void> => {
  for (;;) {
    const page = await pullPage(stream, stream.checkpoint);
    receive(stream, page.documents, now());
    stream.checkpoint = Math.max(stream.checkpoint, page.checkpoint.serverSeq);
    if (page.documents.length < PULL_LIMIT) return;
  }
};

/** An idle device's stream on a raw socket: resolves with the HTTP status, 200 once `resync` came. */
const openIdle = (stream: Stream, onEnd: () => void): Promise<number> =>
  new Promise((resolve) => {
    const socket = net.connect({ port: stream.port, host: '127.0.0.1' });
    let head = '';
    let settled = false;
    const settle = (status: number): void => {
      if (settled) return;
      settled = true;
      resolve(status);
    };
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status && status !== 200) {
        socket.destroy();
        settle(status);
      } else if (head.includes('event: resync')) {
        socket.off('data', onData);
        socket.on('data', () => {}); // heartbeats and changes of an owner who does not push: read and dropped
        stream.socket = socket;
        settle(200);
      }
    };
    socket.on('data', onData);
    socket.on('error', () => {}); // 'close' follows
    socket.on('close', () => {
      if (!settled) settle(0);
      else onEnd();
    });
    socket.write(
      `GET /sync/stream HTTP/1.1\r\nHost: 127.0.0.1:${stream.port}\r\nAuthorization: Bearer ${stream.token}\r\n\r\n`,
    );
  });

/** A watched device's stream on node:http (it dechunks), every `outcomes` event parsed. */
const openWatched = (stream: Stream, onEnd: () => void): Promise<number> =>
  new Promise((resolve) => {
    let settled = false;
    const settle = (status: number): void => {
      if (settled) return;
      settled = true;
      resolve(status);
    };
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        if (message.event === 'resync') settle(200);
        if (message.event !== 'changes') return;
        const event = JSON.parse(message.data) as ChangesEvent<CommandDocument>;
        if (event.collection !== 'outcomes') return;
        receive(stream, event.documents, now());
        if (!stream.resyncing) stream.checkpoint = Math.max(stream.checkpoint, event.checkpoint.serverSeq);
      },
    });
    const req = get(
      `http://127.0.0.1:${stream.port}/sync/stream`,
      { agent: false, headers: { authorization: `Bearer ${stream.token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          settle(res.statusCode ?? 0);
          return;
        }
        stream.socket = res;
        res.setEncoding('utf8');
        res.on('data', (text: string) => parser.feed(text));
        res.on('close', () => (settled ? onEnd() : settle(0)));
        res.on('error', () => {});
      },
    );
    req.on('error', () => settle(0));
  });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the stream and keeps it open: on a drop, waits the retry and opens it again until it is live, then pulls
 * from its checkpoint. Resolves with the first open's status (the caller counts refusals).
 */
const keep = (stream: Stream): Promise<number> => {
  const open = stream.watched ? openWatched : openIdle;
  const onEnd = (): void => {
    if (stopping || stream.stopped) return;
    drops.push([stream.key, now()]);
    stream.resyncing = true;
    void (async () => {
      for (let attempt = 0; !stopping; attempt++) {
        // The server's retry, spread over as much again (a real crowd of devices is not synchronised).
        await sleep(RETRY_MS * (attempt === 0 ? 0.5 + Math.random() : Math.min(5, 1 + attempt)));
        if (stopping) return;
        const status = await open(stream, onEnd);
        if (status !== 200) continue;
        // The client's puller retries its resync pull until it is answered (client/sync/puller.ts): so does this one.
        for (let pull = 0; !stopping; pull++) {
          try {
            await resyncPull(stream);
            stream.resyncing = false;
            break;
          } catch {
            await sleep(Math.min(5_000, 250 * 2 ** pull));
          }
        }
        lives.push([stream.key, now()]);
        return;
      }
    })();
  };
  return open(stream, onEnd);
};

const idleGuests: GuestCart[] = [];
let refused: number | undefined;

const hold = async (message: {
  hold: number;
  port: number;
  perOwner: number;
  watched?: GuestCart[];
  watchedPerOwner?: number;
}): Promise<void> => {
  const fresh: Stream[] = [];
  for (const guest of message.watched ?? []) {
    for (let i = 0; i < (message.watchedPerOwner ?? 1); i++) {
      fresh.push({
        key: `${process.pid}:${streams.length + fresh.length}`,
        owner: guest.owner,
        token: guest.token,
        port: message.port,
        watched: true,
        checkpoint: 0,
        received: new Set(),
        resyncing: false,
        socket: undefined,
        stopped: false,
      });
    }
  }
  const idleWanted = Math.max(0, message.hold - fresh.length);
  for (let i = 0; i < idleWanted; i++) {
    const index = streams.filter((s) => !s.watched).length + i;
    const owner = Math.floor(index / message.perOwner);
    while (idleGuests.length <= owner) idleGuests.push(await createGuestCart(`http://127.0.0.1:${message.port}`));
    const guest = idleGuests[owner]!;
    fresh.push({
      key: `${process.pid}:${streams.length + fresh.length}`,
      owner: guest.owner,
      token: guest.token,
      port: message.port,
      watched: false,
      checkpoint: 0,
      received: new Set(),
      resyncing: false,
      socket: undefined,
      stopped: false,
    });
  }
  for (let from = 0; from < fresh.length && refused === undefined; from += 200) {
    const batch = fresh.slice(from, from + 200);
    const statuses = await Promise.all(batch.map(keep));
    for (const [i, status] of statuses.entries()) {
      const stream = batch[i]!;
      if (status === 200) streams.push(stream);
      else refused ??= streams.length;
    }
  }
  send({
    open: streams.length,
    refused,
    streams: fresh.filter((s) => streams.includes(s)).map((s) => [s.key, s.owner, s.watched]),
  });
};

/** Closes `count` idle streams (their devices leave for good): the kill's survivor must have room for the rest. */
const release = (count: number): void => {
  const leaving = streams.filter((s) => !s.watched).slice(-count);
  for (const stream of leaving) {
    stream.stopped = true;
    stream.socket?.destroy();
  }
  const gone = new Set(leaving);
  streams.splice(0, streams.length, ...streams.filter((s) => !gone.has(s)));
  send({ released: leaving.length, left: streams.length });
};

/** Closes the watched streams (their owners' devices leave), so a next row can open others elsewhere. */
const closeWatched = (): void => {
  for (const stream of streams.filter((s) => s.watched)) {
    stream.stopped = true;
    stream.socket?.destroy();
  }
  streams.splice(0, streams.length, ...streams.filter((s) => !s.watched));
  send({ closed: true });
};

process.on(
  'message',
  (message: {
    hold?: number;
    port?: number;
    perOwner?: number;
    watched?: GuestCart[];
    watchedPerOwner?: number;
    closeWatched?: true;
    release?: number;
    cpu?: true;
    stop?: true;
  }) => {
    if (message.cpu) {
      const { user, system } = process.cpuUsage();
      send({ cpu: user + system });
    } else if (message.stop) {
      stopping = true;
      for (const stream of streams) stream.socket?.destroy();
      process.exit(0);
    } else if (message.release !== undefined) {
      release(message.release);
    } else if (message.closeWatched) {
      closeWatched();
    } else if (message.hold !== undefined && message.port !== undefined) {
      void hold({ ...message, hold: message.hold, port: message.port, perOwner: message.perOwner ?? 20 });
    }
  },
);
send({ ready: true });
