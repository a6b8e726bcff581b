/**
 * The console's pages as one lazy chunk: entering /ops loads them all (the shell and every section but the health
 * charts, which bring uPlot and are a chunk of their own: client/ops/health/).
 */
export { OpsShell } from './ops-shell.tsx';
export { CommandLogPage } from './commands/command-log-page.tsx';
export { CommandPage } from './commands/command-page.tsx';
export { FailuresPage } from './failures/failures-page.tsx';
export { ShoppersPage } from './shoppers/shoppers-page.tsx';
export { ShopperPage } from './shoppers/shopper-page.tsx';
export { QueuesPage } from './queues/queues-page.tsx';
export { AuditPage } from './audit/audit-page.tsx';
export { OperatorsPage } from './operators/operators-page.tsx';
