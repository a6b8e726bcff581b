import { z } from 'zod';
import { SHOP_CONTACT, SHOP_MAIL_FROM } from '../schema/shop/index.ts';
import { loadPaymentGateways, paymentEnv, paymentOrigins, type PaymentGateways } from './payments/payment-config.ts';
import { logLevelSchema } from './observability/logger.ts';
import { DEFAULT_CONNECTIONS_PER_ADDRESS_MAX } from './http/connection-guard.ts';
import { DEFAULT_HEADERS_TIMEOUT_MS } from './http/socket-timeouts.ts';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000_000).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(31_536_000).default(fallback);

/**
 * Limits on calls an attacker would repeat (issue 15), counted in the store so every instance shares them
 * (accounts/rate-limit.ts). Beyond a limit the call answers 429 with Retry-After.
 */
const rateLimitEnv = {
  /** Wrong passwords for one account before it locks: then 30 s, doubling on every further failure, at most 15 min. */
  LOGIN_ACCOUNT_FREE_FAILURES: count(5),
  LOGIN_LOCK_BASE_S: seconds(30),
  LOGIN_LOCK_MAX_S: seconds(900),
  /** An account's failures are forgotten this long after the last one (or at once by a successful login). */
  LOGIN_FAILURE_MEMORY_S: seconds(86_400),
  /** Login attempts (right or wrong, any account) from one address per window. */
  LOGIN_ADDRESS_MAX: count(50),
  LOGIN_ADDRESS_WINDOW_S: seconds(600),
  /** Password reset requests from one address per window, and reset mails to one e-mail address per window. */
  RESET_ADDRESS_MAX: count(10),
  RESET_EMAIL_MAX: count(3),
  RESET_WINDOW_S: seconds(3600),
  /** Registrations from one address per window (also bounds the mails a taken address receives). */
  REGISTER_ADDRESS_MAX: count(10),
  REGISTER_WINDOW_S: seconds(3600),
  /** Guests (POST /api/cart/create) from one address per window. */
  GUEST_ADDRESS_MAX: count(100),
  GUEST_ADDRESS_WINDOW_S: seconds(600),
  /** A refresh token used again within this many seconds of its first use gives the same new pair (a retry). */
  REFRESH_GRACE_S: z.coerce.number().int().min(0).max(300).default(30),
};

/** Environment configuration, validated at start: a bad value stops the server with the variable named. */
/** Who the store's mail is from, and the right-hand side of its Message-IDs (also for programmatic starts). */
export const MAIL_DEFAULTS = { from: SHOP_MAIL_FROM, domain: SHOP_CONTACT.domain } as const;

export const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist'),
  EXECUTOR: z.enum(['on', 'off']).default('on'),
  /**
   * What an empty catalogue is seeded with at start: 'generated' loads the snapshot in CATALOG_DIR (written
   * by tools/catalog/generate.ts; the demo catalogue when the folder is missing), 'demo' the small demo
   * catalogue (tests), 'none' nothing (a shop that imports its own).
   */
  SEED: z.enum(['generated', 'demo', 'none']).default('generated'),
  CATALOG_DIR: z.string().min(1).default('.data/catalog'),
  SEARCH_ENGINE: z.enum(['embedded', 'elasticsearch']).default('embedded'),
  /** Elasticsearch's address; required when SEARCH_ENGINE is 'elasticsearch'. */
  ES_URL: z.url().optional(),
  /** Above this many products the catalogue is not replicated to devices (they search online instead). */
  OFFLINE_CATALOG_MAX_PRODUCTS: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /** The shop's office address, sent as `office_ip` by /api/catalog/init (the client flags admins by it). */
  OFFICE_IP: z.string().max(100).default(''),
  /** How often an idle live stream sends a heartbeat; clients treat 2.5 silent beats as a dead link. */
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** A user's access token lives this long; the refresh token renews it (and rotates). */
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A session without activity ends after this long: the next refresh fails and the user logs in again. */
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).max(31_536_000).default(2_592_000),
  /** Where the outbox is sent (smtp://user:pass@host:port, smtps:// for TLS); unset, the outbox is the mail folder. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).max(200).default(MAIL_DEFAULTS.from),
  /** The right-hand side of every Message-ID the store sends. */
  MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i)
    .max(200)
    .default(SHOP_CONTACT.domain),
  /** The shop's address as shoppers reach it, for links in mails (default http://localhost:PORT). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The JSON log's level (pino): fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: logLevelSchema.default('info'),
  /** GET /metrics (Prometheus): 'off' leaves it out (404) and counts nothing. */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** When set, /metrics also answers a scraper off this host that sends it as a bearer token; else loopback only. */
  METRICS_TOKEN: z.string().min(16).max(500).optional(),
  /** At SIGTERM: how long in-flight requests, streams and workers get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Signs the live stream's one-minute tickets; unset, the store makes one that every instance shares. */
  STREAM_TICKET_SECRET: z.string().min(32).max(500).optional(),
  /** How often the instance holding the ad-expiry role finishes the published ads past their period. */
  AD_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Issue 32: a sent mail's text is kept this many days, then dropped (who, when and which template stay). */
  RETAIN_MAIL_BODY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Issue 32: a device (a tab's page load) not seen for this many days is forgotten, unless it has a command waiting. */
  RETAIN_DEVICE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often the instance holding the retention role runs its rules (sync-server/retention/). */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** How often each instance turns the recorded stock and price changes into alert mails (alerts/alert-sweep.ts). */
  ALERT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /**
   * Connections one address (an IPv6 /64) may hold open; past it a new one is answered 429 and closed; 0: no cap.
   * The host itself (127.0.0.1, ::1) and TRUST_PROXY's proxies are not counted (http/connection-guard.ts).
   */
  CONNECTIONS_PER_ADDRESS_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(DEFAULT_CONNECTIONS_PER_ADDRESS_MAX),
  /** A connection without a request's complete headers this long after it opened is answered 408 and closed. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(DEFAULT_HEADERS_TIMEOUT_MS),
  ...rateLimitEnv,
  ...paymentEnv,
});

export type ServerConfig = z.infer<typeof serverEnvSchema>;

/** Settings that only make sense together. */
const checkedEnvSchema = serverEnvSchema.refine((c) => c.SEARCH_ENGINE !== 'elasticsearch' || c.ES_URL !== undefined, {
  path: ['ES_URL'],
  message: "ES_URL is required when SEARCH_ENGINE is 'elasticsearch'",
});

/** The configuration, with the payment gateways its provider groups configure (payments/payment-config.ts). */
export const loadConfig = (
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig & { gateways: PaymentGateways; paymentOrigins: string[] } => {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  let gateways: PaymentGateways;
  try {
    gateways = loadPaymentGateways(env);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`, { cause: error });
  }
  return { ...parsed.data, gateways, paymentOrigins: paymentOrigins(env) };
};

const rateLimitSchema = z.object(rateLimitEnv);
export type RateLimitConfig = z.infer<typeof rateLimitSchema>;

/** Only the limits (with their defaults), for the routes that apply them. */
export const loadRateLimitConfig = (env: NodeJS.ProcessEnv = process.env): RateLimitConfig => {
  const parsed = rateLimitSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};

/** The shop's address for absolute links in mails: PUBLIC_URL without a trailing slash, else http://localhost:PORT. */
export const publicUrlOf = (env: NodeJS.ProcessEnv = process.env): string => {
  const parsed = serverEnvSchema.pick({ PUBLIC_URL: true, PORT: true }).safeParse(env);
  const config = parsed.success ? parsed.data : { PUBLIC_URL: undefined, PORT: 3000 };
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
};
