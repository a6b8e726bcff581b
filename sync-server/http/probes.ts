import { timingSafeEqual } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { ServerMetrics } from '../observability/metrics.ts';
import { checkReadiness, type ReadinessSources } from '../observability/readiness.ts';
import type { Database } from '../store/database.ts';
import type { ChangeStreams } from '../sync/change-stream.ts';
import { jsonObject, type ApiFeature } from './api-description.ts';
import { problemBody } from './problem.ts';

export interface ProbeDeps {
  db: Database;
  streams: ChangeStreams;
  readiness: Omit<ReadinessSources, 'db'>;
  /** Connections hung up at the descriptor limit (server.ts). */
  dropped?: (() => number) | undefined;
  /** Connections refused past the cap per address (connection-guard.ts). */
  connectionsRefused?: (() => number) | undefined;
  /** Undefined: METRICS=off, /metrics is not served. */
  metrics?: ServerMetrics | undefined;
  /** METRICS_TOKEN: a scraper off this host sends it as a bearer token. */
  metricsToken?: string | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /metrics is for this host's scraper, or one that knows METRICS_TOKEN. The socket's own address decides, never
 * X-Forwarded-For; a request a proxy forwarded (it names a client) is not the host's own even when the proxy runs
 * on the host.
 */
const mayScrape = (req: Request, token: string | undefined): boolean => {
  const bearer = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
  if (token !== undefined && bearer !== undefined) {
    const given = Buffer.from(bearer);
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const forwarded = req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !forwarded;
};

/**
 * Probes for whoever runs the servers: `/livez` (the process answers; restart it when not), `/readyz` (send it
 * traffic: store, migrations, search index, workers; 503 with the reason when not), `/healthz` (what /readyz says,
 * kept for the balancers and scripts that ask it), and `/metrics` in Prometheus's text format.
 */
export const probeRoutes = ({
  db,
  streams,
  readiness,
  dropped,
  connectionsRefused,
  metrics,
  metricsToken,
}: ProbeDeps): Router => {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  const ready: RequestHandler = async (_req, res) => {
    const verdict = await checkReadiness({ db, ...readiness });
    // Live streams and their limits: `streamsRefused` counts new streams refused with 503 at MAX_STREAMS,
    // `streamsEvicted` an owner's oldest closed past its bound, `connectionsDropped` sockets the server hung up
    // at its connection limit (server.ts), `connectionsRefused` those refused past the cap per address
    // (connection-guard.ts).
    const { streams: open, maxStreams, refused, evicted } = streams.stats;
    res
      .status(verdict.ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({
        status: verdict.ready ? 'ok' : 'unavailable',
        ...(verdict.ready ? {} : { reason: verdict.reason }),
        checks: verdict.checks,
        store: db.kind,
        streams: open,
        maxStreams,
        streamsRefused: refused,
        streamsEvicted: evicted,
        connectionsDropped: dropped?.() ?? 0,
        connectionsRefused: connectionsRefused?.() ?? 0,
      });
  };
  router.get('/readyz', ready);
  router.get('/healthz', ready);
  if (metrics) {
    router.get('/metrics', async (req, res) => {
      if (!mayScrape(req, metricsToken)) {
        res.status(403).json(problemBody(403, 'metrics are served to this host or with METRICS_TOKEN'));
        return;
      }
      const text = await metrics.registry.metrics();
      res.set('content-type', metrics.registry.contentType).set('cache-control', 'no-store').send(text);
    });
  }
  return router;
};

const readiness = jsonObject('status, reason (when not ready), checks, store, streams and their limits');

export const probesApi: ApiFeature = {
  tag: 'probes',
  routes: [
    {
      method: 'get',
      path: '/livez',
      summary: 'The process answers (restart it when not)',
      access: 'public',
      responses: { 200: { description: 'ok', schema: z.object({ status: z.literal('ok') }) } },
    },
    {
      method: 'get',
      path: '/readyz',
      summary: 'Ready for traffic: store, migrations, search index, workers',
      access: 'public',
      responses: {
        200: { description: 'Ready', schema: readiness },
        503: { description: 'Not ready; `reason` says why', schema: readiness },
      },
    },
    {
      method: 'get',
      path: '/healthz',
      summary: 'What /readyz says, kept for the balancers and scripts that ask it',
      access: 'public',
      responses: {
        200: { description: 'Ready', schema: readiness },
        503: { description: 'Not ready; `reason` says why', schema: readiness },
      },
    },
    {
      method: 'get',
      path: '/metrics',
      summary: "Prometheus metrics, for this host's scraper or a bearer of METRICS_TOKEN (not served with METRICS=off)",
      access: 'public',
      responses: {
        200: { description: "Prometheus's text format", mediaType: 'text/plain' },
        403: { description: 'Neither this host nor METRICS_TOKEN' },
      },
    },
  ],
};
