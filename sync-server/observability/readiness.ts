import type { Database } from '../store/database.ts';
import { pendingMigrations } from '../store/migrate.ts';

/** What /readyz asks of the server besides the store. */
export interface ReadinessSources {
  db: Database;
  /** The catalogue's search index has indexed the catalogue and follows its changes. */
  searchReady: () => boolean;
  /** The background workers (executor, mail, sweeps, reconciler) were started and are not being stopped. */
  workersRunning: () => boolean;
  /** The server is shutting down: a balancer should send nothing new. */
  stopping: () => boolean;
}

export type Readiness =
  { ready: true; checks: Record<string, 'ok'> } | { ready: false; reason: string; checks: Record<string, string> };

/** A store that does not answer within this is as good as down for a balancer (a stopped PostgreSQL hangs a connect). */
const STORE_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Whether this instance should be sent traffic: not stopping, the store answers a query with every migration
 * applied, the search index is ready and the workers run. The first failing check is the reason; every check is
 * named in `checks` so an operator sees all that is wrong at once.
 */
export const checkReadiness = async (sources: ReadinessSources): Promise<Readiness> => {
  const checks: Record<string, string> = {};
  const failures: string[] = [];
  const fail = (name: string, why: string): void => {
    checks[name] = why;
    failures.push(`${name}: ${why}`);
  };
  if (sources.stopping()) fail('server', 'shutting down');
  else checks.server = 'ok';
  try {
    const pending = await withTimeout(pendingMigrations(sources.db), STORE_TIMEOUT_MS, 'the store');
    checks.database = 'ok';
    if (pending.length > 0) fail('migrations', `not applied: ${pending.join(', ')}`);
    else checks.migrations = 'ok';
  } catch (error) {
    fail('database', (error as Error).message || 'unreachable');
    checks.migrations = 'unknown';
  }
  if (sources.searchReady()) checks.search = 'ok';
  else fail('search', 'index not ready');
  if (sources.workersRunning()) checks.workers = 'ok';
  else fail('workers', 'not running');
  if (failures.length === 0) return { ready: true, checks: checks as Record<string, 'ok'> };
  return { ready: false, reason: failures.join('; '), checks };
};
