import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import type { Logger } from 'pino';
import { log as processLog } from '../observability/logger.ts';

/**
 * Bulk requests that survive a busy or restarting cluster (issue 31). A request answered 429 or 5xx, or lost
 * to a connection error or a timeout, is sent again; of an answer with per-item failures, only the items
 * failed with 429 or 5xx (a full write queue, a shard moving) are sent again, the rest having been written.
 * Each retry waits an exponential backoff with jitter, so instances backing off together do not return
 * together; attempts are bounded, and each retry is logged. An item refused for itself (400: a document the
 * mapping rejects) is not retried: it is a failure the caller reports.
 *
 * The client's own retries are off for these requests (maxRetries 0): it retries 502-504 at once and not 429,
 * and a retry of a whole bulk would write again the items that had succeeded.
 */

export interface BulkRetryPolicy {
  /** Attempts per request, the first included. */
  readonly attempts: number;
  /** The first retry waits about this long; each next one twice as long, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_BULK_RETRY: BulkRetryPolicy = { attempts: 6, baseDelayMs: 200, maxDelayMs: 10_000 };
/** Operations per request: a page of products at most (catalogue documents are a few kB each). */
export const BULK_CHUNK = 500;

/** One operation: the action line, its document (none for a delete), and what names it in a failure. */
export interface BulkOperation {
  readonly action: estypes.BulkOperationContainer;
  readonly document?: object;
  readonly key: string;
}

export interface BulkFailure {
  readonly key: string;
  readonly status: number;
  readonly error: unknown;
}

export interface BulkOptions {
  readonly retry?: BulkRetryPolicy;
  readonly logger?: Logger;
  /** Waits between attempts; tests give one that does not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  /** What the requests do, for the log ('indexing', 'delete'). */
  readonly what: string;
  /** Item answers that are no failure (a delete's 404: it was not there). */
  readonly accept?: (status: number) => boolean;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wait before retry number `retry` (1 for the first): half of the exponential step for sure, the other half
 * at random ("equal jitter").
 */
export const backoffDelayMs = (retry: number, policy: BulkRetryPolicy, random: () => number = Math.random): number => {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + (random() * step) / 2);
};

const retryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** A whole request worth sending again: the cluster was busy, failing over, or not reached. */
export const isRetryableRequestError = (error: unknown): boolean =>
  (error instanceof errors.ResponseError && retryableStatus(error.statusCode ?? 0)) ||
  error instanceof errors.ConnectionError ||
  error instanceof errors.TimeoutError ||
  error instanceof errors.NoLivingConnectionsError;

const statusOfError = (error: unknown): number | string =>
  error instanceof errors.ResponseError
    ? (error.statusCode ?? 'unknown')
    : error instanceof Error
      ? error.name
      : 'unknown';

/** Sends `operations` (in chunks), retrying as above; answers the items that could not be written. */
export const sendBulk = async (
  client: Client,
  operations: readonly BulkOperation[],
  options: BulkOptions,
): Promise<BulkFailure[]> => {
  const failures: BulkFailure[] = [];
  for (let start = 0; start < operations.length; start += BULK_CHUNK) {
    failures.push(...(await sendChunk(client, operations.slice(start, start + BULK_CHUNK), options)));
  }
  return failures;
};

const sendChunk = async (
  client: Client,
  chunk: readonly BulkOperation[],
  options: BulkOptions,
): Promise<BulkFailure[]> => {
  const policy = options.retry ?? DEFAULT_BULK_RETRY;
  const logger = options.logger ?? processLog;
  const sleep = options.sleep ?? wait;
  const accept = options.accept ?? (() => false);
  const failures: BulkFailure[] = [];
  let pending = chunk;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const last = attempt >= policy.attempts;
    let response: estypes.BulkResponse;
    try {
      response = await client.bulk(
        { operations: pending.flatMap((op) => (op.document ? [op.action, op.document] : [op.action])) },
        { maxRetries: 0 },
      );
    } catch (error) {
      if (last || !isRetryableRequestError(error)) throw error;
      const delayMs = backoffDelayMs(attempt, policy, options.random);
      logger.warn(
        {
          component: 'search',
          what: options.what,
          attempt,
          status: statusOfError(error),
          delayMs,
          items: pending.length,
        },
        'Elasticsearch bulk request failed: sending it again',
      );
      await sleep(delayMs);
      continue;
    }
    if (!response.errors) return failures;
    const again: BulkOperation[] = [];
    const statuses = new Set<number>();
    response.items.forEach((item, i) => {
      const op = pending[i];
      const result = Object.values(item)[0];
      if (!op || !result || result.status < 300 || accept(result.status)) return;
      if (retryableStatus(result.status) && !last) {
        again.push(op);
        statuses.add(result.status);
      } else failures.push({ key: op.key, status: result.status, error: result.error });
    });
    if (again.length > 0) {
      const delayMs = backoffDelayMs(attempt, policy, options.random);
      logger.warn(
        { component: 'search', what: options.what, attempt, statuses: [...statuses], delayMs, items: again.length },
        'Elasticsearch refused some bulk items: sending those again',
      );
      await sleep(delayMs);
    }
    pending = again;
  }
  return failures;
};
