import { isIPv4, isIPv6 } from 'node:net';

/**
 * A socket's remote address as the connection cap counts it (connection-guard.ts), and as a log line may name it.
 * Only the socket's own address counts, never X-Forwarded-For: a header is whatever the caller writes.
 */

/** A dual-stack socket reports an IPv4 caller as ::ffff:1.2.3.4; it is the same host as 1.2.3.4. */
const unmapped = (address: string): string => /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;

/** The eight 16-bit groups of a valid IPv6 address: `::` expanded, a trailing dotted IPv4 part made two groups. */
const ipv6Groups = (address: string): number[] => {
  let text = address.split('%')[0] ?? address; // a link-local address may carry a zone (%eth0)
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string | undefined): number[] =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const [head, tail] = text.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
};

const prefixOf = (groups: readonly number[], bits: 48 | 64): string =>
  `${groups
    .slice(0, bits / 16)
    .map((g) => g.toString(16))
    .join(':')}::/${bits}`;

/**
 * Who holds a connection: an IPv4 address, or an IPv6 address's /64. One IPv6 subscriber is given a whole /64
 * (RFC 6177; a phone on a mobile network takes addresses from it at will), so a cap per IPv6 address would cap
 * nothing; a /64 is what one host or home can fill.
 */
export const addressKey = (address: string): string => {
  const plain = unmapped(address);
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  return prefixOf(ipv6Groups(plain), 64);
};

/**
 * The server's own host: 127.0.0.1 and ::1 (`localhost`). A proxy on the same host, the tests, the browser suite
 * and the benches all connect from it, and no caller off the host can: the cap never counts it (connection-guard.ts
 * says why). Other loopback addresses (127.0.0.2 and up) are counted as any host is.
 */
export const isHostItself = (address: string): boolean => {
  const plain = unmapped(address);
  return plain === '127.0.0.1' || plain === '::1';
};

/**
 * An address key as a log line may name it: the network, not the host (an IPv4 /24, an IPv6 /48), as the log
 * names no caller (observability/http-observer.ts). Enough for an operator to see one network behind a flood.
 */
export const loggedNetwork = (key: string): string => {
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const address = key.replace(/\/\d+$/, '');
  return isIPv6(address) ? prefixOf(ipv6Groups(address), 48) : 'an unknown network';
};
