import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What the link between the devices and the store does now:
 * - forward: passes bytes through;
 * - delay: holds every chunk `ms` before passing it on (in order);
 * - reset: cuts every open connection at once and refuses new ones while it lasts;
 * - blackhole: accepts and swallows every byte; a connection used during it stays dead afterwards, as on a real
 *   network (only new connections get through);
 * - duplicate: a connection opened now is doubled: every byte the device sends also goes, on a second connection
 *   (to another instance when there are several), to the store, whose answers there are dropped. Each request
 *   (a push, a pull) thus reaches the server twice, as a retrying middlebox or a replayed packet flow would.
 */
export type FaultMode =
  | { kind: 'forward' }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  | { kind: 'blackhole' }
  | { kind: 'duplicate' };

export interface FaultProxy {
  url: string;
  setMode(mode: FaultMode): void;
  /** Resets every open connection at once (the live streams too), the mode unchanged. */
  cut(): void;
  close(): Promise<void>;
}

/** How long a duplicate connection may outlive its original: long enough for the doubled request to be served. */
const SHADOW_GRACE_MS = 2_000;

/**
 * A TCP proxy between the devices and the store's instances (`targets()`: the ports live now, as a balancer's
 * health checks would tell it). Each new connection goes to the next instance in turn, trying the others when one
 * refuses (a killed instance).
 */
export const startFaultProxy = async (targets: () => readonly number[]): Promise<FaultProxy> => {
  let mode: FaultMode = { kind: 'forward' };
  let turn = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  };

  /** Connects to a live instance, starting with the next in turn; undefined when none answers. */
  const connectUpstream = async (skip?: number): Promise<{ socket: Socket; port: number } | undefined> => {
    const ports = targets();
    for (let i = 0; i < ports.length; i++) {
      const port = ports[(turn + i) % ports.length]!;
      if (port === skip && ports.length > 1) continue;
      const socket = await new Promise<Socket | undefined>((resolve) => {
        const s = connect(port, '127.0.0.1');
        s.once('connect', () => resolve(s));
        s.once('error', () => resolve(undefined));
      });
      if (socket) {
        turn = (turn + i + 1) % Math.max(1, ports.length);
        return { socket: track(socket), port };
      }
    }
    return undefined;
  };

  const server: Server = createServer((client) => {
    track(client);
    if (mode.kind === 'reset') return void client.resetAndDestroy();
    if (mode.kind === 'blackhole') return void client.resume();
    const doubled = mode.kind === 'duplicate';
    client.pause();
    void (async () => {
      const upstream = await connectUpstream();
      if (!upstream || client.destroyed) {
        upstream?.socket.destroy();
        return void client.resetAndDestroy();
      }
      const shadow = doubled ? await connectUpstream(upstream.port) : undefined;
      shadow?.socket.resume(); // its answers are dropped
      let dead = false;
      const relay = (from: Socket, to: Socket, copy?: Socket) => {
        // Chunks are passed on in order even when the delay changes mid-connection.
        let notBefore = 0;
        from.on('data', (chunk: Buffer) => {
          if (mode.kind === 'blackhole') dead = true;
          if (dead) return;
          const delay = mode.kind === 'delay' ? mode.ms : 0;
          notBefore = Math.max(notBefore, Date.now() + delay);
          const wait = notBefore - Date.now();
          const pass = () => {
            if (dead) return;
            to.write(chunk);
            if (copy && !copy.destroyed) copy.write(chunk);
          };
          if (wait <= 0) pass();
          else setTimeout(pass, wait);
        });
      };
      relay(client, upstream.socket, shadow?.socket);
      relay(upstream.socket, client);
      const endShadow = () => {
        if (!shadow) return;
        shadow.socket.end();
        setTimeout(() => shadow.socket.destroy(), SHADOW_GRACE_MS).unref();
      };
      client.on('close', () => {
        upstream.socket.destroy();
        endShadow();
      });
      upstream.socket.on('close', () => client.destroy());
      client.resume();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next) {
      mode = next;
      if (next.kind === 'reset') for (const socket of open) socket.resetAndDestroy();
    },
    cut() {
      for (const socket of open) socket.resetAndDestroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
