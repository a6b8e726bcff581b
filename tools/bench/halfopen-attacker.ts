/**
 * The attacker of `npm run bench:halfopen` (halfopen.ts), in a process of its own so its sockets' events never
 * stall the timing of the requests measured. It holds `count` connections to the server from one local address,
 * sends nothing on any of them, and opens each again `reconnectMs` after it was closed, as the attacker of issue 31
 * did. Started (with `reconnectMs`), asked for its tallies, halted (every socket closed) and stopped over IPC.
 *
 *   forked by halfopen.ts: halfopen-attacker.ts <url> <localAddress> <count>
 */
import net from 'node:net';

const [url, localAddress, countArg] = process.argv.slice(2);
if (!url || !localAddress || !process.send) throw new Error('usage: forked by tools/bench/halfopen.ts');
const { hostname, port } = new URL(url);
const count = Number(countArg);
let reconnectMs = 1_000;
/** Opened at most this many at a time: a burst of SYNs past the listen queue would be dropped by the kernel. */
const OPEN_BATCH = 500;

/** What became of the attacker's connections, counted by how each ended. */
export interface AttackTally {
  /** Connections open now (connected, not yet closed). */
  open: number;
  /** Most open at once. */
  peakOpen: number;
  attempts: number;
  /** Answered 429 (the cap per address) and closed. */
  refused: number;
  /** Answered 408 (the headers timeout) and closed. */
  timedOut: number;
  /** Closed with nothing said, reset, or refused by the kernel. */
  otherwise: number;
}

const emptyTally = (): AttackTally => ({ open: 0, peakOpen: 0, attempts: 0, refused: 0, timedOut: 0, otherwise: 0 });
let tally = emptyTally();
/** Which attack a socket belongs to: one closed after its attack was halted is not opened again in the next. */
let round = 0;
let attacking = false;
const sockets = new Set<net.Socket>();

const open = (): void => {
  if (!attacking) return;
  tally.attempts += 1;
  const counts = tally; // a socket of an earlier round, closing late, counts there
  const itsRound = round;
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  sockets.add(socket);
  let head = '';
  let connected = false;
  socket.once('connect', () => {
    connected = true;
    counts.open += 1;
    counts.peakOpen = Math.max(counts.peakOpen, counts.open);
  });
  socket.on('data', (chunk: Buffer) => {
    if (head.length < 12) head += chunk.toString('latin1');
  });
  socket.on('error', () => undefined); // counted at the close, by what arrived
  socket.once('close', () => {
    sockets.delete(socket);
    if (connected) counts.open -= 1;
    if (head.startsWith('HTTP/1.1 429')) counts.refused += 1;
    else if (head.startsWith('HTTP/1.1 408')) counts.timedOut += 1;
    else counts.otherwise += 1;
    if (attacking && itsRound === round) setTimeout(() => itsRound === round && open(), reconnectMs).unref();
  });
};

/** Opens `count` connections in batches, each batch once the previous one connected or failed. */
const start = async (): Promise<void> => {
  attacking = true;
  for (let opened = 0; opened < count && attacking; opened += OPEN_BATCH) {
    const before = tally.attempts;
    for (let i = 0; i < Math.min(OPEN_BATCH, count - opened); i++) open();
    // Until the batch's handshakes are done: the kernel answers a loopback SYN in well under a millisecond.
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (tally.attempts === before) break;
  }
};

/** Ends the attack: every socket closed; answers what this round did and starts the next one's tally afresh. */
const halt = (): AttackTally => {
  attacking = false;
  round += 1;
  const done = tally;
  tally = emptyTally();
  for (const socket of sockets) socket.destroy();
  return done;
};

process.on('message', (message: { start?: { reconnectMs: number }; tally?: true; halt?: true; stop?: true }) => {
  if (message.start) {
    reconnectMs = message.start.reconnectMs;
    void start().then(() => process.send!({ started: true }));
  }
  if (message.tally) process.send!({ tally });
  if (message.halt) process.send!({ halted: halt() });
  if (message.stop) {
    halt();
    process.exit(0);
  }
});
process.send({ ready: true });
