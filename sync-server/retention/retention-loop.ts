import { log } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import type { RetentionRule } from './retention-rule.ts';
import { runRetention } from './run-retention.ts';

/** The first run's wait after the loop starts: a minute, or the interval when that is shorter. */
const FIRST_RUN_MS = 60_000;

/**
 * The retention loop: a run a minute after it starts (an instance taking the role over soon catches up, and a
 * process started for a moment, a test's, purges nothing), then one every `intervalMs`. Held by one instance (the `retention` role, sync-server/cluster/roles.ts): every rule's batch is
 * safe twice, but one purge is enough, and one record a run.
 */
export const startRetention = (
  db: Database,
  rules: readonly RetentionRule[],
  intervalMs: number,
): { stop: () => Promise<void> } => {
  let running: Promise<unknown> | undefined;
  const round = () => {
    if (running) return;
    running = runRetention(db, rules)
      .catch((error: unknown) =>
        log.error(
          { component: 'retention', reason: error instanceof Error ? error.message : String(error) },
          'retention run could not start',
        ),
      )
      .finally(() => (running = undefined));
  };
  const first = setTimeout(round, Math.min(FIRST_RUN_MS, intervalMs));
  first.unref();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
};
