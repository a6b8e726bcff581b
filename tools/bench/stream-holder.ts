/**
 * The live streams of `npm run bench:streams`, held in a process of their own: the pushes are timed in the bench's
 * process, and 19,000 sockets taking their heartbeats there stalled its own timers (the stall was the bench's, not
 * the server's). Told over IPC how many streams to hold; answers how many are open and where the server refused.
 */
import net from 'node:net';
import { createGuestCart, type GuestCart } from './raw-client.ts';

const [url, perOwnerArg] = process.argv.slice(2);
if (!url || !process.send) throw new Error('usage: forked by tools/bench/streams.ts with the server URL');
const port = Number(new URL(url).port);
const perOwner = Number(perOwnerArg ?? 20);

/** One live stream on a raw socket (the bearer header; a browser uses a ticket): resolves once `resync` came. */
const openStream = (token: string): Promise<net.Socket | number> =>
  new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status && status !== 200) {
        socket.destroy();
        resolve(status);
      } else if (head.includes('event: resync')) {
        socket.off('data', onData);
        socket.on('data', () => {}); // keep reading what the server sends (heartbeats, changes)
        resolve(socket);
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.write(`GET /sync/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  });

const sockets: net.Socket[] = [];
const holders: GuestCart[] = [];
let refusedAt: number | undefined;

process.on('message', (message: { hold?: number; stop?: true; cpu?: true }) => {
  void (async () => {
    if (message.cpu) {
      // This process's CPU time (µs): the bench reports the holder's share of the cores it shares with the server.
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system });
      return;
    }
    if (message.stop) {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
    const want = message.hold ?? 0;
    while (sockets.length < want && refusedAt === undefined) {
      const batch = Math.min(200, want - sockets.length);
      while (holders.length * perOwner < sockets.length + batch) holders.push(await createGuestCart(url));
      const opened = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          openStream(holders[Math.floor((sockets.length + i) / perOwner)]!.token),
        ),
      );
      for (const result of opened) {
        if (typeof result === 'number') refusedAt ??= sockets.length;
        else sockets.push(result);
      }
    }
    process.send!({ open: sockets.length, refusedAt });
  })();
});
process.send({ ready: true });
