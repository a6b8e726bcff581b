import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { log as processLog } from '../observability/logger.ts';

/**
 * How many live streams one process may hold. Each stream is a socket, and a socket is a file descriptor: at the
 * process's descriptor limit (`ulimit -n`) the kernel refuses every new connection, pushes included, and Node
 * hangs them up without a word. So streams stop short of it, keeping a reserve for pushes, pulls, pages and the
 * store's own files and sockets, and are refused with 503 and Retry-After past that.
 */

/** The soft limit on open files of this process (`ulimit -n`), or undefined where /proc does not say. */
export const descriptorLimit = (limitsFile = '/proc/self/limits'): number | undefined => {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const value = Number(soft);
    return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
};

/** Descriptors kept for everything but streams: 5% of the limit, at least 256. */
export const descriptorReserve = (limit: number): number => Math.max(256, Math.ceil(limit * 0.05));

/** Without /proc (macOS, Windows): as if `ulimit -n` were 10,000. */
const FALLBACK_LIMIT = 10_000;

/** The default of MAX_STREAMS: the descriptor limit less the reserve (19,000 at `ulimit -n` 20,000). */
export const defaultMaxStreams = (limit = descriptorLimit() ?? FALLBACK_LIMIT): number =>
  Math.max(0, limit - descriptorReserve(limit));

/** Live streams one owner may hold; the oldest is closed when a new one comes (stream-routes.ts says why). */
export const DEFAULT_MAX_STREAMS_PER_OWNER = 20;

/** How long a refused stream is told to wait before it asks again (seconds; clients add jitter). */
export const STREAM_RETRY_AFTER_S = 30;

/**
 * A log line at most once per `intervalMs`, with how many times it happened since the last line: a refusal
 * that happens 10,000 times a second must be seen, not flood the log.
 */
export class ThrottledLog {
  private last = -Infinity;
  private pending = 0;
  total = 0;

  constructor(
    private readonly message: string,
    private readonly intervalMs = 10_000,
    private readonly log: (line: string) => void = (line) => processLog.warn({ component: 'limits' }, line),
  ) {}

  count(detail = ''): void {
    this.total += 1;
    this.pending += 1;
    const now = Date.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.log(`${this.message} (${this.pending} since the last report, ${this.total} in all)${detail}`);
    this.pending = 0;
  }
}

export const hardeningSchema = z.object({
  /** Live streams this process holds at most; default from the descriptor limit. */
  MAX_STREAMS: z.coerce.number().int().min(0).max(10_000_000).optional(),
  MAX_STREAMS_PER_OWNER: z.coerce.number().int().min(1).max(10_000).optional(),
  /** 'true', 'false', a hop count, or addresses/subnets as Express's `trust proxy` takes them. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === ''
        ? undefined
        : v === 'true'
          ? true
          : v === 'false'
            ? false
            : /^\d+$/.test(v)
              ? Number(v)
              : v,
    ),
});

/** MAX_STREAMS, MAX_STREAMS_PER_OWNER and TRUST_PROXY from the environment; a bad value stops the server. */
export const loadHardeningConfig = (env: NodeJS.ProcessEnv = process.env): z.infer<typeof hardeningSchema> => {
  const parsed = hardeningSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};
