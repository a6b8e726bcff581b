/**
 * Who hears of the outcomes a transaction writes (the metrics of each server, observability/metrics.ts). The kernel
 * calls `reportOutcomes` from writeEffects, the one place every settled command passes through, inline or by the
 * executor; observers are per server instance, so the kernel needs no server object to reach them.
 */

/** A command settled by a write: enough to count it by type and outcome and to time it. */
export interface WrittenOutcome {
  type: string;
  /** succeeded, rejected or failed. */
  status: string;
  /** When the device created it (ms since the epoch, the device's clock). */
  createdAt: number;
  /** When its execution began (ms since the epoch, the server's clock). */
  processedAt: number;
}

export type OutcomeObserver = (outcomes: readonly WrittenOutcome[], now: number) => void;

const observers = new Set<OutcomeObserver>();

/** Adds an observer; the function returned removes it (a server's close). */
export const observeOutcomes = (observer: OutcomeObserver): (() => void) => {
  observers.add(observer);
  return () => observers.delete(observer);
};

interface OutcomeRow {
  type?: string | undefined;
  status: string;
  created_at?: number | null | undefined;
  processed_at?: number | null | undefined;
}

/**
 * Tells the observers of the settled rows among `rows` (pending ones are not outcomes). It runs right before the
 * COMMIT (writeEffects is a transaction's last statement): a COMMIT that fails after it counts a command the next
 * attempt counts again, a rare overcount a metric can live with, where a hook after COMMIT would need every caller.
 * An observer's failure never fails the write.
 */
export const reportOutcomes = (...groups: (readonly OutcomeRow[] | undefined)[]): void => {
  if (observers.size === 0) return;
  const now = Date.now();
  const outcomes: WrittenOutcome[] = [];
  for (const row of groups.flatMap((rows) => rows ?? [])) {
    if (row.status === 'pending' || row.type === undefined) continue;
    outcomes.push({
      type: row.type,
      status: row.status,
      createdAt: row.created_at ?? now,
      processedAt: row.processed_at ?? now,
    });
  }
  if (outcomes.length === 0) return;
  for (const observer of observers) {
    try {
      observer(outcomes, now);
    } catch {
      // Counting is never worth a lost write.
    }
  }
};
