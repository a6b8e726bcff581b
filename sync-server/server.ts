import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS, saveOfflineCatalogLimit } from './catalog/offline-catalog.ts';
import { createSearchEngine } from './catalog/search-engine-factory.ts';
import { SearchIndexer } from './catalog/search-indexer.ts';
import { seedCatalog, type SeedMode } from './catalog/seed-catalog.ts';
import { startPgliteUpkeep } from './store/pglite-upkeep.ts';
import { publicUrlOf, type ServerConfig } from './config.ts';
import { Executor } from './executor/executor.ts';
import { createApp } from './http/app.ts';
import { allowPaymentOrigins } from './http/security-headers.ts';
import type { Database } from './store/database.ts';
import { openDatabase } from './store/open-database.ts';
import { ChangeStreams } from './sync/change-stream.ts';
import type { PaymentGateways } from './payments/payment-config.ts';
import { configurePayments } from './payments/payment-settings.ts';
import { reconcileOnce, startReconciler, type Reconciler } from './payments/reconcile.ts';
import { startAdExpirySweep } from './ads/index.ts';
import { startBulkResumer } from './ops/bulk-resume.ts';
import { mailBodyRetention } from './mail/mail-retention.ts';
import { deviceRetention } from './sync/device-retention.ts';
import { startRetention } from './retention/index.ts';
import { startAlertSweep } from './alerts/alert-sweep.ts';
import { startMail } from './mail/start-mail.ts';
import { descriptorLimit, ThrottledLog } from './sync/stream-limits.ts';
import { isStreamRequest, streamEndpoint } from './sync/stream-endpoint.ts';
import { StreamTickets } from './sync/stream-ticket.ts';
import { sharedSecret } from './store/shared-secret.ts';
import { principalOfBearer } from './http/auth.ts';
import type { Logger } from 'pino';
import { createLogger, log } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import { trackRequests } from './http/in-flight.ts';
import { holdOne, rolesHeld } from './cluster/index.ts';
import { DEFAULT_CONNECTIONS_PER_ADDRESS_MAX, guardConnections } from './http/connection-guard.ts';
import { socketTimeouts } from './http/socket-timeouts.ts';
import { answerClientErrors } from './http/client-errors.ts';

export interface RunningServer {
  url: string;
  db: Database;
  executor: Executor | undefined;
  /** The catalogue search index; `catchUp()` waits until it holds every committed catalogue change. */
  search: SearchIndexer;
  /** The payments reconciler (payments/reconcile.ts); `runOnce()` runs a round now (tests, benches). */
  payments: Reconciler;
  close(): Promise<void>;
}

type OptionalSettings =
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'STATIC_DIR'
  | 'HEARTBEAT_MS'
  | 'SEED'
  | 'CATALOG_DIR'
  | 'SEARCH_ENGINE'
  | 'ES_URL'
  | 'OFFLINE_CATALOG_MAX_PRODUCTS'
  | 'OFFICE_IP'
  | 'ACCESS_TOKEN_TTL_S'
  | 'REFRESH_TOKEN_TTL_S'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'MAIL_DOMAIN'
  | 'PAYMENT_DUE_MINUTES'
  | 'RECONCILE_INTERVAL_MS'
  | 'RECONCILE_AFTER_MS'
  | 'AD_EXPIRY_INTERVAL_MS'
  | 'ALERT_SWEEP_INTERVAL_MS'
  | 'RETAIN_MAIL_BODY_DAYS'
  | 'RETAIN_DEVICE_DAYS'
  | 'RETENTION_INTERVAL_MS'
  | 'LOG_LEVEL'
  | 'METRICS'
  | 'METRICS_TOKEN'
  | 'SHUTDOWN_TIMEOUT_MS'
  | 'STREAM_TICKET_SECRET'
  | 'CONNECTIONS_PER_ADDRESS_MAX'
  | 'HEADERS_TIMEOUT_MS';

export type StartOptions = Pick<ServerConfig, 'PORT' | 'HOST' | 'EXECUTOR'> &
  Partial<Pick<ServerConfig, OptionalSettings>> & {
    db?: Database;
    /** Before SEED: 'on' is SEED=demo, 'off' SEED=none. Kept so older callers (benchmarks) still start. */
    SEED_DEMO?: 'on' | 'off';
    /** Live streams this process holds at most (default: from `ulimit -n`, sync/stream-limits.ts). */
    MAX_STREAMS?: number | undefined;
    /** Live streams one owner holds at most (default 20): a new one closes the oldest. */
    MAX_STREAMS_PER_OWNER?: number | undefined;
    /** Express's `trust proxy` (http/app.ts): set it behind a TLS-terminating proxy. */
    TRUST_PROXY?: boolean | number | string | undefined;
    /** The payment providers this server takes payments with (config.ts builds them from the environment). */
    gateways?: PaymentGateways | undefined;
    /** Their origins, allowed as the pages' form-action (http/security-headers.ts). */
    paymentOrigins?: readonly string[] | undefined;
    /** The server's logger (a test passes one writing into a buffer); default: LOG_LEVEL's, to stdout. */
    logger?: Logger | undefined;
  };

/** SEED wins; the old SEED_DEMO switch maps onto it; programmatic starts default to the demo catalogue. */
const seedModeOf = (config: StartOptions): SeedMode => config.SEED ?? (config.SEED_DEMO === 'off' ? 'none' : 'demo');

/** Opens the store, migrates, seeds, and serves; `close` stops everything in reverse order. */
export const startServer = async (config: StartOptions): Promise<RunningServer> => {
  const logger = config.logger ?? (config.LOG_LEVEL ? createLogger(config.LOG_LEVEL) : log);
  const db = config.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await saveOfflineCatalogLimit(db, config.OFFLINE_CATALOG_MAX_PRODUCTS ?? DEFAULT_OFFLINE_CATALOG_MAX_PRODUCTS);
  await seedCatalog(db, seedModeOf(config), config.CATALOG_DIR ?? '.data/catalog');
  // PostgreSQL keeps itself (autovacuum); PGlite is kept here, first for what seeding wrote. PGlite only: one process.
  const upkeep = db.kind === 'pglite' ? startPgliteUpkeep(db) : undefined;
  await upkeep?.runOnce();
  // Every instance: with the embedded engine each instance searches an index of its own, in its memory.
  const search = new SearchIndexer(db, createSearchEngine(config));
  await search.start();
  const streams = new ChangeStreams(db, config.HEARTBEAT_MS, {
    maxStreams: config.MAX_STREAMS,
    maxPerOwner: config.MAX_STREAMS_PER_OWNER,
  });
  await streams.start();
  // The process's payment settings, before anything executes an order (payments/payment-settings.ts).
  configurePayments({ dueMs: (config.PAYMENT_DUE_MINUTES ?? 60) * 60_000, gateways: config.gateways ?? {} });
  allowPaymentOrigins(config.paymentOrigins ?? []);
  // Background loops across instances (README, "Instances and their background loops"): a loop whose work the
  // store claims runs on every instance; one that must run once runs where its role is held (sync-server/cluster/).
  // Every instance: a batch claims its clients with FOR UPDATE SKIP LOCKED.
  const executor = config.EXECUTOR === 'on' ? new Executor(db) : undefined;
  await executor?.start();
  // Every instance: a round claims and leases its mails with FOR UPDATE SKIP LOCKED.
  const mail = startMail(db, config);
  // One instance: published ads past their period are moved to `finished` on their owners' devices
  // (sync-server/ads/ad-expiry.ts); nothing claims the owners it sweeps, so every instance would sweep them all.
  const adExpiry = await holdOne(db, 'ad-expiry', () => startAdExpirySweep(db, config.AD_EXPIRY_INTERVAL_MS));
  // Every instance: stock and price alerts recorded by the catalogue's triggers become mails; events are claimed
  // with FOR UPDATE SKIP LOCKED and a subscriber's mail is keyed (sync-server/alerts/alert-sweep.ts).
  const alerts = startAlertSweep(db, publicUrlOf(process.env), config.ALERT_SWEEP_INTERVAL_MS);
  // One instance: the reconciler asks the providers about attempts in doubt (PayPal's status call captures an
  // approved order). A round asked for (tests, benches) runs on any instance: a verdict applies once however often.
  const reconciling = { askAfterMs: config.RECONCILE_AFTER_MS ?? 120_000 };
  const reconciler = await holdOne(db, 'payments-reconciler', () =>
    startReconciler(db, config.RECONCILE_INTERVAL_MS ?? 30_000, reconciling),
  );
  // One instance: bulk jobs (the console's retries and cancels) whose instance died are taken over from their cursor.
  const bulkResumer = await holdOne(db, 'bulk-jobs', () => startBulkResumer(db));
  // One instance: what the store forgets after its period (issue 32): each part's rule, listed here once.
  const retentionRules = [
    mailBodyRetention(config.RETAIN_MAIL_BODY_DAYS ?? 30),
    deviceRetention(config.RETAIN_DEVICE_DAYS ?? 30),
  ];
  const retention = await holdOne(db, 'retention', () =>
    startRetention(db, retentionRules, config.RETENTION_INTERVAL_MS ?? 3_600_000),
  );
  const payments: Reconciler = {
    runOnce: (now) => reconciler.current()?.runOnce(now) ?? reconcileOnce(db, reconciling, now),
    stop: () => reconciler.stop(),
  };
  // One ticket key for every instance (the store's, unless STREAM_TICKET_SECRET gives it): a stream may reach any.
  const tickets = new StreamTickets(await sharedSecret(db, 'stream-ticket', config.STREAM_TICKET_SECRET));
  const metrics =
    config.METRICS === 'off'
      ? undefined
      : createMetrics({
          db,
          liveStreams: () => streams.stats.streams,
          rolesHeld: () => rolesHeld(reconciler, adExpiry, bulkResumer, retention),
        });
  // Readiness (observability/readiness.ts): everything above has started; `stopping` from the first step of close.
  let stopping = false;
  let workersRunning = true;
  const app = createApp({
    db,
    streams,
    tickets,
    onPushed: () => executor?.wake(),
    inline: executor,
    retentionRules,
    staticDir: config.STATIC_DIR,
    catalog: { search: search.engine, officeIp: config.OFFICE_IP ?? '' },
    trustProxy: config.TRUST_PROXY,
    dropped: () => drops.total,
    connectionsRefused: () => connections.refusedTotal,
    logger,
    metrics,
    metricsToken: config.METRICS_TOKEN,
    readiness: {
      searchReady: () => true, // search.start() indexed the catalogue before the server listens
      workersRunning: () => workersRunning,
      stopping: () => stopping,
    },
    sessionTtl: {
      accessSeconds: config.ACCESS_TOKEN_TTL_S ?? 900,
      refreshSeconds: config.REFRESH_TOKEN_TTL_S ?? 2_592_000,
    },
  });
  const drops = new ThrottledLog('[http] connections dropped at the descriptor limit (ulimit -n)');
  // The live stream is answered ahead of Express (sync/stream-endpoint.ts): a held stream keeps no Express object.
  const trustProxyFn = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  const serveStream = streamEndpoint({
    streams,
    tickets,
    principalOfBearer: (token) => principalOfBearer(db, token),
    trustProxy: trustProxyFn,
  });
  // Requests in flight are counted (a shutdown lets them finish); streams are not: they are told to come back.
  const requests = trackRequests(() => stopping);
  const server = createServer(socketTimeouts(config.HEADERS_TIMEOUT_MS), (req, res) => {
    if (connections.refused(req.socket)) return; // answered 429 as it opened, and closing (connection-guard.ts)
    if (isStreamRequest(req)) serveStream(req, res);
    else if (requests.admit(req, res)) app(req, res);
  });
  // What the parser refuses gets its 4xx before the connection closes (client-errors.ts).
  answerClientErrors(server);
  // A cap on the connections one address holds open; the host itself and TRUST_PROXY's proxies are not counted.
  const connections = guardConnections(server, {
    maxPerAddress: config.CONNECTIONS_PER_ADDRESS_MAX ?? DEFAULT_CONNECTIONS_PER_ADDRESS_MAX,
    isTrustedProxy: (address) => trustProxyFn(address, 0),
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, () => resolve()));
  server.keepAliveTimeout = 65_000;
  // At the descriptor limit the kernel's accept fails and every new connection hangs without a word: the server
  // hangs new connections up itself a little before it (Node's maxConnections), and logs and counts it.
  const fds = descriptorLimit();
  if (fds !== undefined && fds < Number.MAX_SAFE_INTEGER) server.maxConnections = Math.max(16, fds - 128);
  server.on('drop', () => drops.count());
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    executor,
    search,
    payments,
    /**
     * A graceful stop: /readyz turns 503 and new connections are refused; requests in flight (a push and its
     * transaction) get up to SHUTDOWN_TIMEOUT_MS to be answered, and a request that arrives meanwhile on an open
     * connection is answered 503 with Retry-After (a device sends it again, the same command ids); live streams
     * are told to come back; then the workers stop (each finishes its round, the executor its batch) and the store
     * closes.
     */
    async close() {
      if (stopping) return;
      stopping = true;
      const shutdownMs = config.SHUTDOWN_TIMEOUT_MS ?? 10_000;
      const started = Date.now();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      requests.closeAfterAnswer();
      await streams.stop({ retryMs: 2_000 });
      const finished = await requests.drained(shutdownMs);
      if (!finished) logger.warn({ inFlight: requests.count, shutdownMs }, 'requests cut at the shutdown deadline');
      server.closeAllConnections();
      await closed;
      workersRunning = false;
      await payments.stop();
      await mail?.stop();
      await adExpiry.stop();
      await bulkResumer.stop();
      await retention.stop();
      await alerts.stop();
      await executor?.stop();
      await search.stop();
      await upkeep?.stop();
      metrics?.stop();
      if (!config.db) await db.close();
      logger.debug({ ms: Date.now() - started }, 'server stopped');
    },
  };
};
