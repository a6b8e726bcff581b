import { z } from 'zod';

/**
 * The balancer's configuration (HAProxy 2.6, Debian's package), written in one place: deploy/haproxy.cfg is
 * `haproxyConfig(PRODUCTION_HAPROXY)` (tests/unit/cluster/haproxy-config.test.ts keeps the file and this the same,
 * and checks both with `haproxy -c`), and `npm run cluster` writes the same settings for its own instances.
 *
 * Why each setting:
 * - health: `GET /readyz` every 2 s; an instance answering anything but 200 twice is taken out (a SIGTERM turns its
 *   /readyz 503 before it stops listening), and put back after two 200s.
 * - retries: a request that could not reach an instance (refused, reset before an answer) or that a stopping
 *   instance refused with 503 (it refuses before doing anything) is sent once more to another instance. Safe here:
 *   the store's writes are commands with ids, applied once however often they arrive.
 * - live streams (GET /sync/stream, server-sent events): held for hours, silent but for a heartbeat every
 *   HEARTBEAT_MS (15 s); the client and server timeouts (75 s) leave room for several missed beats, and
 *   `http-no-delay` sends each event at once instead of waiting to fill a packet. leastconn spreads the held
 *   streams evenly, a restarted instance taking the new ones first.
 * - per address: connections held and requests per 10 s, counted in a stick table; over a limit the request is
 *   answered 429 with Retry-After in words, and past twice the connection limit a new connection is closed before
 *   it costs anything (an address opening idle connections never sends a request to refuse). An idle or half-sent
 *   request is dropped after 10 s (timeout http-request).
 * - every instance down: the calm page of deploy/store-503.http instead of HAProxy's own.
 */

export interface HaproxyServer {
  name: string;
  /** host:port of one instance. */
  address: string;
}

export const haproxySettingsSchema = z.object({
  /** Where the balancer listens: `:80`, or `127.0.0.1:3000`. */
  bind: z.string().min(1),
  servers: z.array(z.object({ name: z.string().regex(/^[a-z0-9_-]+$/i), address: z.string().min(3) })).min(1),
  /** The calm page answered when no instance is up (an HTTP response in a file). */
  errorFile503: z.string().min(1),
  /** Connections one address holds at once (live streams included) before its requests are answered 429. */
  connectionsPerAddress: z.number().int().min(1),
  /** Requests one address sends in 10 s before they are answered 429. */
  requestsPer10sPerAddress: z.number().int().min(1),
  /** Connections the balancer holds in all (HAProxy raises its descriptor limit to fit them when started as root). */
  maxConnections: z.number().int().min(100),
  /** HAProxy's admin socket (`show stat`, `set server ... state drain`): the runbook's and the rolling restart's. */
  adminSocket: z.string().min(1),
  /**
   * A system service (deploy/): chroot, the haproxy user, syslog, the admin socket, daemon mode. Off for
   * `npm run cluster`, which runs it in the foreground as the user who started it.
   */
  system: z.boolean(),
});

export type HaproxySettings = z.infer<typeof haproxySettingsSchema>;

/** Three instances on this host, as the README's runbook sets them up (store@3001 to store@3003). */
export const PRODUCTION_HAPROXY: HaproxySettings = {
  bind: ':80',
  servers: [3001, 3002, 3003].map((port, i) => ({ name: `store${i + 1}`, address: `127.0.0.1:${port}` })),
  errorFile503: '/etc/haproxy/errors/store-503.http',
  adminSocket: '/run/haproxy/admin.sock',
  connectionsPerAddress: 200,
  requestsPer10sPerAddress: 500,
  maxConnections: 60_000,
  system: true,
};

/** The 429's words, in Bulgarian and English (a client reads the status and Retry-After). */
const TOO_MANY =
  'Твърде много заявки от вашия адрес. Опитайте отново след малко. / Too many requests from your address. Please try again in a moment.';

const globalSection = (s: HaproxySettings): string[] => [
  'global',
  ...(s.system
    ? [
        '    log /dev/log local0',
        '    log /dev/log local1 notice',
        '    chroot /var/lib/haproxy',
        `    stats socket ${s.adminSocket} mode 660 level admin`,
        '    stats timeout 30s',
        '    user haproxy',
        '    group haproxy',
        '    daemon',
      ]
    : [`    stats socket ${s.adminSocket} mode 600 level admin`]),
  `    maxconn ${s.maxConnections}`,
];

const defaultsSection = (s: HaproxySettings): string[] => [
  'defaults',
  '    mode http',
  ...(s.system ? ['    log global', '    option httplog', '    option dontlognull'] : []),
  '    option forwardfor',
  '    option redispatch 1',
  '    retries 2',
  '    retry-on conn-failure empty-response 503',
  '    timeout connect 5s',
  '    timeout client 75s',
  '    timeout server 75s',
  '    timeout http-request 10s',
  '    timeout http-keep-alive 10s',
  '    timeout queue 30s',
  '    timeout tunnel 1h',
  '    timeout client-fin 10s',
  '    timeout check 3s',
  `    errorfile 503 ${s.errorFile503}`,
];

const frontendSection = (s: HaproxySettings): string[] => [
  'frontend store',
  `    bind ${s.bind}`,
  '    stick-table type ipv6 size 1m expire 60s store conn_cur,http_req_rate(10s)',
  '    tcp-request connection track-sc0 src',
  `    tcp-request connection reject if { sc_conn_cur(0) gt ${s.connectionsPerAddress * 2} }`,
  `    http-request deny deny_status 429 content-type "text/plain; charset=utf-8" string "${TOO_MANY}" hdr Retry-After 10 if { sc_conn_cur(0) gt ${s.connectionsPerAddress} } || { sc_http_req_rate(0) gt ${s.requestsPer10sPerAddress} }`,
  ...(s.system
    ? [
        '    # With TLS here: bind :443 ssl crt /etc/haproxy/certs/ alpn http/1.1, and redirect :80 to it.',
        '    http-request set-header X-Forwarded-Proto https if { ssl_fc }',
      ]
    : []),
  '    default_backend store',
];

const backendSection = (s: HaproxySettings): string[] => [
  'backend store',
  '    balance leastconn',
  '    option http-no-delay',
  '    option httpchk',
  '    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
  '    http-check expect status 200',
  '    default-server check inter 2s fall 2 rise 2',
  ...s.servers.map((server) => `    server ${server.name} ${server.address}`),
];

/** The whole configuration file. */
export const haproxyConfig = (settings: HaproxySettings): string => {
  const s = haproxySettingsSchema.parse(settings);
  const header = [
    '# The store behind HAProxy (Debian 12, haproxy 2.6). Written by tools/cluster/haproxy-config.ts: change it there,',
    '# then `npx tsx tools/cluster/haproxy-config.ts > deploy/haproxy.cfg`. Why each setting: that file.',
  ];
  const sections = [globalSection(s), defaultsSection(s), frontendSection(s), backendSection(s)];
  return `${[header, ...sections].map((lines) => lines.join('\n')).join('\n\n')}\n`;
};

// Run directly: print the production file.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.stdout.write(haproxyConfig(PRODUCTION_HAPROXY));
}
