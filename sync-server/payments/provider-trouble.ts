import { log } from '../observability/logger.ts';

/**
 * A provider that did not answer (a timeout, a refused connection, a malformed answer) is expected trouble, not a
 * bug: the reconciler asks again. Logged as one line with the error's name and message, no stack and nothing of the
 * shopper's.
 */
export const logProviderTrouble = (what: string, error: unknown): void => {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  log.warn({ component: 'payments', reason }, what);
};
