import net from 'node:net';

/**
 * A TCP connection to the server from a chosen local address (on Linux every 127.x.y.z is this host, so one
 * machine can play several callers), recording what the server sends and whether it closed. For tests of what
 * happens below HTTP: a socket that sends nothing, or half a request.
 */
export interface RawConnection {
  socket: net.Socket;
  /** Resolves once the socket has connected (rejects if it could not). */
  connected: Promise<void>;
  /** Resolves with everything the server sent, once the connection is closed (by either side). */
  closed: Promise<string>;
  /** What the server sent so far. */
  received(): string;
}

export const rawConnection = (url: string, localAddress: string, send = ''): RawConnection => {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  const chunks: Buffer[] = [];
  const received = (): string => Buffer.concat(chunks).toString('latin1');
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      if (send) socket.write(send);
      resolve();
    });
    socket.once('error', reject);
  });
  // A reset is a close too: what arrived before it is kept.
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received())));
  socket.on('error', () => undefined);
  return { socket, connected, closed, received };
};
