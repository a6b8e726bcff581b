import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ServerMetrics } from './metrics.ts';

/** A caller's request id is kept only when it is short and plain: a header must not write what it likes into logs. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Probes and scrapes come every few seconds: their lines would bury everything else. */
const QUIET_PATHS = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

const pathOf = (url: string | undefined): string => (url ?? '/').split('?')[0] ?? '/';

/**
 * The route template that answered (`/api/order/:orderNumber`), never the path: paths hold ids (a series each in
 * the metrics) and sometimes secrets (a log line). Requests no route took are 'static' (the client's files) or
 * 'unmatched'.
 */
export const routeOf = (req: Request): string => {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  const path = pathOf(req.originalUrl);
  if (req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/sync/')) return 'static';
  return 'unmatched';
};

/**
 * A request id for every request: the caller's `x-request-id` when it is plain, else a new one; sent back in the
 * same header so a shopper's report or a proxy's log finds the server's lines.
 */
const requestIdOf = (req: IncomingMessage, res: ServerResponse): string => {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
};

/**
 * One JSON line per answered request (pino-http): its id, method, path without the query (a query may hold a
 * newsletter or reset token), route template, status and time; `req.log` is the request's logger for every other
 * line about it. With metrics, the request's duration by route template. Headers and bodies are never logged.
 */
export const observeHttp = (logger: Logger, metrics: ServerMetrics | undefined): RequestHandler[] => {
  const logging = pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(req.url)) },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
    customSuccessObject: (req, _res, value: Record<string, unknown>) => ({ ...value, route: routeOf(req as Request) }),
    customErrorObject: (req, _res, _error, value: Record<string, unknown>) => ({
      ...value,
      route: routeOf(req as Request),
    }),
  }) as unknown as RequestHandler;
  if (!metrics) return [logging];
  const timing: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(req.method, routeOf(req), res.statusCode, seconds);
    });
    next();
  };
  return [logging, timing];
};
