import {
  FAILURE_RANGES,
  type FailureGroup,
  type FailureRange,
  type FailuresResponse,
} from '../../schema/ops/failures.ts';
import type { Sql } from '../store/database.ts';

/** A count of failures of one cause in one bucket, as the store adds them up. */
export interface FailureCount {
  type: string;
  status: 'failed' | 'rejected';
  cause: string;
  resultCode: string;
  bucket: number;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * Groups per-bucket counts by cause (type, status, cause): each group's total, first and last seen, and its counts
 * over `bucketCount` buckets (a bucket outside them is ignored); most frequent first, then most recent.
 */
export const groupFailures = (counts: readonly FailureCount[], bucketCount: number): FailureGroup[] => {
  const groups = new Map<string, FailureGroup>();
  for (const row of counts) {
    if (row.bucket < 0 || row.bucket >= bucketCount) continue;
    const key = JSON.stringify([row.type, row.status, row.cause]);
    let group = groups.get(key);
    if (!group) {
      group = {
        type: row.type,
        status: row.status,
        cause: row.cause,
        resultCode: row.resultCode,
        count: 0,
        firstSeen: row.firstSeen,
        lastSeen: row.lastSeen,
        buckets: new Array<number>(bucketCount).fill(0),
      };
      groups.set(key, group);
    }
    group.count += row.count;
    group.buckets[row.bucket]! += row.count;
    group.firstSeen = Math.min(group.firstSeen, row.firstSeen);
    group.lastSeen = Math.max(group.lastSeen, row.lastSeen);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || b.lastSeen - a.lastSeen);
};

/**
 * The failures of the last hour, day or week, grouped by cause. The store counts per bucket (one row per cause and
 * bucket, read through the partial index of failures by time), so the answer's size does not grow with the log.
 */
export const failureGroups = async (db: Sql, range: FailureRange, now = Date.now()): Promise<FailuresResponse> => {
  const { spanMs, bucketMs } = FAILURE_RANGES[range];
  const from = Math.floor((now - spanMs) / bucketMs) * bucketMs + bucketMs;
  const rows = await db.query<FailureCount>(
    `SELECT type, status,
       CASE WHEN status = 'failed' THEN coalesce(failure->>'name', result_code, 'unknown')
            ELSE coalesce(result_code, 'unknown') END AS cause,
       coalesce(min(result_code), 'unknown') AS "resultCode",
       ((processed_at - $1) / $2)::int AS bucket,
       count(*)::int AS count, min(processed_at) AS "firstSeen", max(processed_at) AS "lastSeen"
     FROM commands
     WHERE status IN ('failed', 'rejected') AND processed_at >= $1
     GROUP BY 1, 2, 3, 5`,
    [from, bucketMs],
  );
  return { range, from, bucketMs, groups: groupFailures(rows, spanMs / bucketMs) };
};
