import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { userRoutes } from '../accounts/user-routes.ts';
import { dataRightsRoutes } from '../data-rights/index.ts';
import type { SessionTtl } from '../accounts/sessions.ts';
import { ampRoutes } from '../amp/amp-routes.ts';
import { cartRoutes } from '../cart/cart-routes.ts';
import { catalogRoutes, type CatalogRoutesDeps } from '../catalog/catalog-routes.ts';
import { productImageRoute } from '../catalog/product-image.ts';
import { catalogMediaRoute } from '../catalog/catalog-media-route.ts';
import { operatorRoutes } from '../operator/operator-routes.ts';
import { commandLogRoutes } from '../ops/command-log-routes.ts';
import { opsFailureRoutes } from '../ops/failure-routes.ts';
import { mailRoutes } from '../mail/mail-routes.ts';
import { operatorOrderRoutes, orderRoutes } from '../orders/index.ts';
import { placesRoutes } from '../places/places-routes.ts';
import { creditRoutes } from '../credit/index.ts';
import { paymentRoutes } from '../payments/payment-routes.ts';
import { paymentSpecRoutes } from '../payments/payment-spec-routes.ts';
import { refundRoutes } from '../payments/refund.ts';
import { opsRoutes } from '../ops/ops-routes.ts';
import { retentionRoutes, type RetentionRule } from '../retention/index.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import type { InlineExecutor } from '../executor/execute.ts';
import { syncRoutes } from '../sync/sync-routes.ts';
import type { StreamTickets } from '../sync/stream-ticket.ts';
import { alertPages, alertsRoutes } from '../alerts/index.ts';
import { newsletterPages, newsletterRoutes } from '../newsletter/index.ts';
import { adRoutes, operatorAdRoutes, photosArrived } from '../ads/index.ts';
import { adPhotosApp } from '../ad-photos/index.ts';
import { challengeRoutes } from '../challenge/index.ts';
import { operatorReviewRoutes } from '../reviews/index.ts';
import { errorHandler, problemBody } from './problem.ts';
import { openApiRoute } from './openapi-route.ts';
import { ampPolicy, policyForSentHtml, securityHeaders } from './security-headers.ts';
import { compressResponses, serveClient } from './static-client.ts';
import type { Logger } from 'pino';
import { log } from '../observability/logger.ts';
import type { ServerMetrics } from '../observability/metrics.ts';
import type { ReadinessSources } from '../observability/readiness.ts';
import { observeHttp } from '../observability/http-observer.ts';
import { probeRoutes } from './probes.ts';
import { opsStatsRoutes } from '../ops/stats-routes.ts';

export interface AppDeps {
  db: Database;
  streams: ChangeStreams;
  onPushed: () => void;
  /** This process's executor: a push runs the commands that are next in line in its own transaction. */
  inline?: InlineExecutor | undefined;
  staticDir?: string | undefined;
  /** What the store forgets and when (issue 32), for the operators' GET /api/ops/retention. Default: none listed. */
  retentionRules?: readonly RetentionRule[] | undefined;
  catalog: Omit<CatalogRoutesDeps, 'db'>;
  sessionTtl: SessionTtl;
  /**
   * Express's `trust proxy` (TRUST_PROXY): which proxies' X-Forwarded-* to believe, so a request that reached the
   * proxy over TLS counts as secure (HSTS) and rate limits see the shopper's address. Off by default.
   */
  trustProxy?: boolean | number | string | undefined;
  /** How many new streams were refused and connections dropped at the limits, for /healthz. */
  dropped?: () => number;
  /** Connections refused past CONNECTIONS_PER_ADDRESS_MAX (connection-guard.ts), for /healthz. */
  connectionsRefused?: () => number;
  /** The server's logger: one line per request (pino-http), `req.log` for the rest. Default: the process's. */
  logger?: Logger | undefined;
  /** The Prometheus metrics (observability/metrics.ts); undefined with METRICS=off. */
  metrics?: ServerMetrics | undefined;
  metricsToken?: string | undefined;
  /** What /readyz checks besides the store (observability/readiness.ts). Default: always ready. */
  readiness?: Omit<ReadinessSources, 'db'> | undefined;
  /** The live stream's tickets, shared with the stream served ahead of Express (sync/stream-endpoint.ts). */
  tickets?: StreamTickets | undefined;
}

const ALWAYS_READY: Omit<ReadinessSources, 'db'> = {
  searchReady: () => true,
  workersRunning: () => true,
  stopping: () => false,
};

export const createApp = ({
  db,
  streams,
  onPushed,
  inline,
  staticDir,
  retentionRules,
  catalog,
  sessionTtl,
  trustProxy,
  dropped,
  connectionsRefused,
  tickets,
  logger = log,
  metrics,
  metricsToken,
  readiness = ALWAYS_READY,
}: AppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);
  app.use(observeHttp(logger, metrics));
  app.use(securityHeaders());
  app.use(compressResponses());
  app.use(adPhotosApp({ db, onPhotoReady: photosArrived })); // ad photos take raw bytes: before express.json
  app.use(express.json({ limit: '4mb' }));

  app.use(probeRoutes({ db, streams, readiness, dropped, connectionsRefused, metrics, metricsToken }));
  app.get('/api/openapi.json', openApiRoute()); // the API described (issue 30): openapi-route.ts
  // Issue 18: the newsletter (no token), alerts and mailings, before the user, cart and catalogue routes.
  app.use('/api', newsletterRoutes(db), alertsRoutes({ db, streams, onPushed, inline }));
  app.use('/newsletter', newsletterPages(db));
  app.use('/alerts', alertPages(db));
  // Public (no token): the city field's lookup, before the cart's routes, which ask for one.
  app.use('/api/cart', placesRoutes());
  app.use('/api/cart', cartRoutes({ db, streams, onPushed, inline }));
  app.use('/api/user', dataRightsRoutes(db), userRoutes({ db, ttl: sessionTtl }));
  // Payments (issue 17): the spec's calls before the order routes (which authenticate every path under them).
  const paymentCalls = paymentSpecRoutes({ db, streams, onPushed, inline });
  app.use('/api/order', creditRoutes());
  app.use('/api/order', paymentCalls.order);
  app.use('/api/ext/paypal', paymentCalls.paypal);
  app.use('/api/payments', paymentRoutes(db));
  app.use('/api/order', orderRoutes({ db, streams, onPushed, inline }));
  app.use('/api/operator/orders', refundRoutes(db));
  app.use('/api/operator/orders', operatorOrderRoutes(db));
  app.use('/api/operator/mail', mailRoutes(db));
  app.use('/api/operator/ads', operatorAdRoutes(db));
  app.use('/api/sell', adRoutes({ db, streams, onPushed, inline }));
  app.use('/api/operator/reviews', operatorReviewRoutes(db));
  app.use('/api/challenge', challengeRoutes(db));
  app.use('/api/operator', operatorRoutes(db));
  app.use('/api/ops', opsRoutes(db), retentionRoutes(db, retentionRules ?? []));
  app.use('/api/ops', commandLogRoutes(db));
  app.use('/api/ops', opsFailureRoutes(db));
  app.use('/api/ops', opsStatsRoutes(db));
  app.use('/api', catalogRoutes({ db, ...catalog }));
  app.use('/amp', policyForSentHtml(ampPolicy), ampRoutes({ db, search: catalog.search }));
  app.use('/sync', syncRoutes(db, streams, onPushed, inline, tickets));
  app.get('/images/products/:file', productImageRoute(db));
  app.get('/media/catalog/:key/:file', catalogMediaRoute(db));
  app.use(['/api', '/sync'], (req, res) => {
    res.status(404).json(problemBody(404, `no such call: ${req.method} ${req.originalUrl}`));
  });

  if (staticDir && existsSync(staticDir)) serveClient(app, path.resolve(staticDir), db);
  app.use(errorHandler);
  return app;
};
