import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'blackhole' | 'reset';

/**
 * A TCP proxy in front of the sync server, for the network faults real shoppers meet: `blackhole`
 * accepts connections and swallows every byte (a dead mobile link), `reset` cuts them at once.
 * Connections opened during a black hole stay dead after it ends, as they do on a real network:
 * only new connections get through.
 */
export const startFlakyProxy = async (target: URL) => {
  let mode: ProxyMode = 'forward';
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    if (mode === 'reset') return void client.resetAndDestroy();
    if (mode === 'blackhole') return void client.resume();
    const upstream = connect(Number(target.port), target.hostname);
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    // A connection that lived through a black hole is dead for good: its bytes are gone.
    let dead = false;
    const relay = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (mode === 'blackhole') dead = true;
        if (!dead) to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next: ProxyMode) {
      mode = next;
      if (next === 'reset') for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
