/**
 * The console as one lazy chunk: entering /ops loads every section but the health charts, which bring uPlot and
 * are a chunk of their own (client/ops/health/).
 */
export { OpsConsole } from './ops-console.tsx';
