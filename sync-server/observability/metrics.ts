import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../store/database.ts';
import { observeOutcomes } from './outcome-observers.ts';

/** What the metrics read from the rest of the server at scrape time. */
export interface MetricsSources {
  db: Database;
  /** Live streams this process holds now. */
  liveStreams: () => number;
  /** The roles of loops run by one instance (sync-server/cluster/), each with whether this instance holds it. */
  rolesHeld?: () => Readonly<Record<string, boolean>>;
}

export interface ServerMetrics {
  registry: Registry;
  /** One HTTP request answered, by method, route template (never the path: ids would explode the series) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Stops hearing of outcomes (the server's close). */
  stop(): void;
}

/** Seconds from 1 ms to a minute: an inline command takes a few ms, a batch under load up to seconds. */
const EXECUTION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds from 10 ms to a week: a command made offline may wait on its device for days. */
const END_TO_END_BUCKETS = [
  0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 21_600, 86_400, 604_800,
];

const countOf = async (db: Database, sql: string): Promise<number> => {
  const [row] = await db.query<{ n: string | number | null }>(sql);
  return Number(row?.n ?? 0);
};

/**
 * The server's Prometheus metrics, in a registry of its own (two servers in one process, as tests start them,
 * never share series). Counters and histograms of commands move where outcomes are written (outcome-observers.ts);
 * the gauges of work waiting in the store are read by a query when scraped, so the hot path pays nothing for them.
 */
export const createMetrics = ({ db, liveStreams, rolesHeld }: MetricsSources): ServerMetrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const commandsTotal = new Counter({
    name: 'commands_total',
    help: 'Commands settled, by type and outcome (succeeded, rejected, failed)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const executionSeconds = new Histogram({
    name: 'command_execution_seconds',
    help: 'From the start of a command execution to its outcome written, by type',
    labelNames: ['type'] as const,
    buckets: EXECUTION_BUCKETS,
    registers: [registry],
  });
  const endToEndSeconds = new Histogram({
    name: 'command_end_to_end_seconds',
    help: 'From a command created on its device (the device clock) to its outcome written, by type',
    labelNames: ['type'] as const,
    buckets: END_TO_END_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'executor_backlog',
    help: 'Commands waiting for the executor (pending)',
    registers: [registry],
    async collect() {
      this.set(await countOf(db, `SELECT count(*) AS n FROM commands WHERE status = 'pending'`));
    },
  });
  new Gauge({
    name: 'live_streams',
    help: 'Live (SSE) streams this process holds',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'cluster_role_held',
    help: 'Whether this instance holds the role of a loop run by one instance at a time (1) or not (0), by role',
    labelNames: ['role'] as const,
    registers: [registry],
    collect() {
      for (const [role, held] of Object.entries(rolesHeld?.() ?? {})) this.set({ role }, held ? 1 : 0);
    },
  });
  new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Mails in the outbox neither sent nor given up',
    registers: [registry],
    async collect() {
      this.set(await countOf(db, 'SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL'));
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail still waiting in the outbox (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set(
        await countOf(
          db,
          `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0) AS n FROM mail_outbox
           WHERE sent_at IS NULL AND failed_at IS NULL`,
        ),
      );
    },
  });
  new Gauge({
    name: 'payments_in_doubt',
    help: 'Payment attempts without a final answer from their provider (open or pending)',
    registers: [registry],
    async collect() {
      this.set(await countOf(db, `SELECT count(*) AS n FROM payment_attempts WHERE status IN ('open', 'pending')`));
    },
  });

  const stop = observeOutcomes((outcomes, now) => {
    for (const { type, status, createdAt, processedAt } of outcomes) {
      commandsTotal.inc({ type, outcome: status });
      executionSeconds.observe({ type }, Math.max(0, now - processedAt) / 1000);
      // A device's clock may run ahead of the server's: never a negative wait.
      endToEndSeconds.observe({ type }, Math.max(0, now - createdAt) / 1000);
    }
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    stop,
  };
};
