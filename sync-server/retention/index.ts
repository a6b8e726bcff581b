/**
 * Retention (issue 32): what the store forgets, and when. Each part of the store that keeps something for a while
 * defines its rule beside its own tables (mail/mail-retention.ts, sync/device-retention.ts); the server lists them
 * once (server.ts) and this loop, held by one instance, runs them.
 */
export type { PurgedBatch, RetentionRule } from './retention-rule.ts';
export { runRetention, RETENTION_BATCH, type RetentionReport } from './run-retention.ts';
export { startRetention } from './retention-loop.ts';
export { retentionRoutes, retentionApi } from './retention-routes.ts';
