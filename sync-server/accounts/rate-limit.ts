import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Request, Response } from 'express';
import type { RateLimitConfig } from '../config.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Sql } from '../store/database.ts';

/** At most `max` attempts per `windowSeconds` (a fixed window starting at the first attempt). */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/** Failures allowed before a lockout of `baseSeconds`, doubled by each further failure up to `maxSeconds`. */
export interface LockoutLimit {
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the last one. */
  memorySeconds: number;
}

export interface Verdict {
  allowed: boolean;
  /** Whole seconds until an attempt is allowed again (0 when allowed). */
  retryAfter: number;
}

/**
 * A key of the shared table: what is limited and a hash of whom (an e-mail or an address), so the table keeps no
 * personal data in clear.
 */
export const limitKey = (kind: string, subject: string): string =>
  `${kind}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;

/**
 * The caller's address as limits count it: `req.ip` (the proxy's client address when the app trusts a proxy), an
 * IPv4-mapped address as IPv4, and an IPv6 address by its /64, the block one subscriber gets.
 */
export const clientAddress = (req: Request): string => {
  const raw = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped) return mapped[1]!;
  if (!isIPv6(raw)) return raw;
  const [head = '', tail = ''] = raw.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full.slice(0, 4).join(':')}::/64`;
};

/** Counts one attempt into the key's window, in one statement every instance shares (the row's lock orders them). */
export const countAttempt = async (sql: Sql, key: string, limit: WindowLimit): Promise<Verdict> => {
  const [row] = await sql.query<{ count: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (key, count, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $2::int) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2::int) THEN now() ELSE r.window_start END
     RETURNING count, ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now()))::int AS retry_after`,
    [key, limit.windowSeconds],
  );
  await sweepSometimes(sql);
  const allowed = (row?.count ?? 0) <= limit.max;
  return { allowed, retryAfter: allowed ? 0 : Math.max(1, row?.retry_after ?? limit.windowSeconds) };
};

/**
 * One attempt against a lockout, in one statement: refused without counting while the key is locked; otherwise
 * counted as a failure up front (so parallel guesses cannot slip past the count), and the lock for the next attempt
 * set once the failures reach `freeFailures`. A success calls `clearLimit`.
 */
export const lockoutAttempt = async (sql: Sql, key: string, limit: LockoutLimit): Promise<Verdict> => {
  const locked = 'r.blocked_until > now()';
  const failures = `CASE WHEN r.window_start <= now() - make_interval(secs => $5::int) THEN 1 ELSE r.count + 1 END`;
  const lockFor = (n: string) =>
    `CASE WHEN ${n} >= $2::int THEN now() + make_interval(secs => least($4::int, $3::int * power(2, least(${n} - $2::int, 20)))) END`;
  const [row] = await sql.query<{ refused: boolean; retry_after: number | null }>(
    `INSERT INTO rate_limits AS r (key, count, window_start, blocked_until) VALUES ($1, 1, now(), ${lockFor('1')})
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN ${locked} THEN r.count ELSE ${failures} END,
       window_start = CASE WHEN ${locked} THEN r.window_start ELSE now() END,
       blocked_until = CASE WHEN ${locked} THEN r.blocked_until ELSE ${lockFor(failures)} END
     RETURNING blocked_until > now() AND window_start < now() AS refused,
       ceil(extract(epoch FROM blocked_until - now()))::int AS retry_after`,
    [key, limit.freeFailures, limit.baseSeconds, limit.maxSeconds, limit.memorySeconds],
  );
  if (!row?.refused) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, row.retry_after ?? 1) };
};

export const clearLimit = async (sql: Sql, key: string): Promise<void> => {
  await sql.query('DELETE FROM rate_limits WHERE key = $1', [key]);
};

/** Rows nobody has touched for two days are dropped now and then (about one attempt in 500). */
const sweepSometimes = async (sql: Sql): Promise<void> => {
  if (Math.random() >= 0.002) return;
  await sql.query(
    `DELETE FROM rate_limits WHERE window_start < now() - interval '2 days'
     AND (blocked_until IS NULL OR blocked_until < now())`,
  );
};

/** The refusal: 429, `Retry-After` in seconds, and the usual `{ code, result: { error, field } }` body. */
export const tooManyRequests = (res: Response, verdict: Verdict, message: string, field?: string): HttpProblem => {
  res.set('Retry-After', String(verdict.retryAfter));
  return new HttpProblem(429, `${message}: try again in ${verdict.retryAfter} s`, field);
};

/** Counts an attempt and throws the 429 when it is over the limit. */
export const enforceLimit = async (
  sql: Sql,
  res: Response,
  key: string,
  limit: WindowLimit,
  message: string,
  field?: string,
): Promise<void> => {
  const verdict = await countAttempt(sql, key, limit);
  if (!verdict.allowed) throw tooManyRequests(res, verdict, message, field);
};

/** The limits of the account calls, from the configuration. */
export const accountLimitsOf = (config: RateLimitConfig) => ({
  loginAccount: {
    freeFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
    baseSeconds: config.LOGIN_LOCK_BASE_S,
    maxSeconds: config.LOGIN_LOCK_MAX_S,
    memorySeconds: config.LOGIN_FAILURE_MEMORY_S,
  },
  loginAddress: { max: config.LOGIN_ADDRESS_MAX, windowSeconds: config.LOGIN_ADDRESS_WINDOW_S },
  resetAddress: { max: config.RESET_ADDRESS_MAX, windowSeconds: config.RESET_WINDOW_S },
  resetEmail: { max: config.RESET_EMAIL_MAX, windowSeconds: config.RESET_WINDOW_S },
  registerAddress: { max: config.REGISTER_ADDRESS_MAX, windowSeconds: config.REGISTER_WINDOW_S },
  /** Mails to the owner of a taken address: as many as reset mails, silently dropped beyond (a 429 would tell). */
  registerMail: { max: config.RESET_EMAIL_MAX, windowSeconds: config.RESET_WINDOW_S },
  guestAddress: { max: config.GUEST_ADDRESS_MAX, windowSeconds: config.GUEST_ADDRESS_WINDOW_S },
  refreshGraceSeconds: config.REFRESH_GRACE_S,
});

export type AccountLimits = ReturnType<typeof accountLimitsOf>;
