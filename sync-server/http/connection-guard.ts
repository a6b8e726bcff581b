import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ThrottledLog } from '../sync/stream-limits.ts';
import { addressKey, isHostItself, loggedNetwork } from './remote-address.ts';

/**
 * A cap on the connections one address holds open (issue 31). Every socket is a file descriptor: one host that
 * opened 19,960 connections and sent nothing filled the process's `ulimit -n`, and every other caller, /healthz
 * included, was reset until those sockets timed out. With the cap, that host's sockets past CONNECTIONS_PER_ADDRESS_MAX
 * are answered 429 at once and closed, and everyone else is served.
 *
 * Not counted:
 * - The host itself (127.0.0.1, ::1; remote-address.ts): a proxy on the same host brings every shopper from it, and
 *   the tests, the browser suite and the benches (bench:streams holds 19,000 streams) connect from it too. A caller
 *   off the host cannot present it, and one on the host could as well exhaust the machine some other way.
 * - The proxies TRUST_PROXY names: a balancer's connections carry many shoppers, so the balancer caps per client
 *   address itself (deploy's HAProxy configuration). TRUST_PROXY=true or a hop count trusts every address and so
 *   turns the cap off: name the balancer's addresses instead (`loopback`, `10.0.0.0/8`) to keep it for the rest.
 *
 * A refused connection is refused as it opens, before it sends anything: a half-open attacker never sends a byte,
 * and waiting for its request would hold the descriptor the cap is there to save.
 */

/** Default CONNECTIONS_PER_ADDRESS_MAX: a browser keeps about 6 connections a host, so 40 shoppers behind one NAT. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS_MAX = 256;

/** How long a refused caller is asked to wait (seconds). */
export const CONNECTIONS_RETRY_AFTER_S = 10;

/** A refused socket is closed once its caller closes too, or after this long (its answer has left by then). */
const REFUSED_LINGER_MS = 1_000;

const REFUSAL_BODY = 'Too many open connections from your address: close some and try again.\n';
/** Written straight to the socket: no request was parsed, so there is no response object to answer with. */
const REFUSAL = [
  'HTTP/1.1 429 Too Many Requests',
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  `Retry-After: ${CONNECTIONS_RETRY_AFTER_S}`,
  'Cache-Control: no-store',
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

export interface ConnectionGuardOptions {
  /** Open connections one address (an IPv6 /64) may hold; 0 turns the cap off. */
  maxPerAddress: number;
  /** True for an address trusted as a proxy (Express's `trust proxy` function at hop 0): never capped. */
  isTrustedProxy: (address: string) => boolean;
  /** Where refusals are counted and reported (at most once per 10 s). */
  refusals?: ThrottledLog;
}

export interface ConnectionGuard {
  /** True for a socket refused as it opened: its answer is sent and it is closing; serve nothing on it. */
  refused(socket: Socket): boolean;
  /** Connections refused since the start (/healthz `connectionsRefused`). */
  readonly refusedTotal: number;
  /** Connections open now from `address` as the cap counts them (0 for an address it does not count). */
  openFrom(address: string): number;
}

/**
 * Counts `server`'s sockets by remote address from the moment each is accepted to its close, and refuses one
 * past the cap. Registered ahead of node:http's own 'connection' listener, so the refusal is the first thing the
 * socket carries.
 */
export const guardConnections = (
  server: Server,
  {
    maxPerAddress,
    isTrustedProxy,
    refusals = new ThrottledLog('[http] connections refused: too many open from one address'),
  }: ConnectionGuardOptions,
): ConnectionGuard => {
  const open = new Map<string, number>();
  const refusedSockets = new WeakSet<Socket>();
  const counted = (address: string | undefined): address is string =>
    address !== undefined && !isHostItself(address) && !isTrustedProxy(address);

  const refuse = (socket: Socket, key: string): void => {
    refusedSockets.add(socket);
    // end(): the answer, then FIN. node:http goes on reading what the caller sends (so the close stays orderly,
    // not a reset that could discard the answer) but `refused` keeps any request from being served.
    socket.end(REFUSAL);
    const linger = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
    socket.on('error', () => undefined); // a caller that resets first: nothing left to do
    refusals.count(` (CONNECTIONS_PER_ADDRESS_MAX ${maxPerAddress}; the latest from ${loggedNetwork(key)})`);
  };

  if (maxPerAddress > 0) {
    server.prependListener('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!counted(address)) return;
      const key = addressKey(address);
      const held = open.get(key) ?? 0;
      if (held >= maxPerAddress) {
        refuse(socket, key);
        return;
      }
      open.set(key, held + 1);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }

  return {
    refused: (socket) => refusedSockets.has(socket),
    get refusedTotal() {
      return refusals.total;
    },
    openFrom: (address) => (counted(address) ? (open.get(addressKey(address)) ?? 0) : 0),
  };
};
