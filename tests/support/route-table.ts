import type { Express } from 'express';
import { createApp } from '../../sync-server/http/app.ts';
import { createMetrics } from '../../sync-server/observability/metrics.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { ChangeStreams } from '../../sync-server/sync/change-stream.ts';

/**
 * The route table, read from the Express app itself (issue 15, "make the probes part of the project"): every route
 * of every router mounted on it, so a new route is fuzzed, crossed and covered without anyone listing it.
 *
 * A route is a method and a path template in path-to-regexp's syntax (`/sync/:collection/pull`); a route declared
 * by a regular expression (the CMS calls) becomes one template per alternative when the expression is of the
 * plain kind the routes use (literals, `(A|B)`, `([^/]+)`), and otherwise keeps the expression, which the fuzz
 * suite then fills with `fc.stringMatching`.
 */
export interface RouteEntry {
  /** Upper-case method ('GET', 'POST'...; 'ALL' for `router.all`). */
  method: string;
  /** How the route is declared, mount path included: a template, or `prefix + /regexp/`. The route's key. */
  path: string;
  /** Concrete templates: literals and `:name` parameters (a `*name` wildcard becomes `:name`). */
  templates: string[];
  /** The route's own expression when it has no template (its mount prefix is `prefix`). */
  regexp?: { prefix: string; source: RegExp };
}

export const routeKey = (route: Pick<RouteEntry, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** What the router module gives a layer: enough of router 2's Layer to walk the stack. */
interface LayerLike {
  rawPath?: unknown;
  handle?: { stack?: LayerLike[] };
  route?: { path: unknown; methods: Record<string, boolean>; stack?: LayerLike[] };
}

const joinPaths = (prefix: string, path: string): string => {
  const joined = `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') || '/' : joined;
};

/** `{...}` groups are optional in path-to-regexp 8: both variants. `*name` is a wildcard parameter. */
const expandTemplate = (template: string): string[] => {
  const open = template.indexOf('{');
  if (open < 0) return [template.replace(/\*(\w+)/g, ':$1')];
  const close = template.indexOf('}', open);
  if (close < 0) return [template];
  const head = template.slice(0, open);
  const inner = template.slice(open + 1, close);
  const tail = template.slice(close + 1);
  return [...expandTemplate(head + tail), ...expandTemplate(head + inner + tail)];
};

/**
 * The templates of a plain expression: `^\/ext\/cms(Page|Block)\/([^/]+)\/?$` gives `/ext/cmsPage/:p1` and
 * `/ext/cmsBlock/:p1`. Undefined when the expression holds anything else.
 */
export const templatesOfRegExp = (expression: RegExp): string[] | undefined => {
  let source = expression.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/(\\\/)\?$/, '');
  let variants = [''];
  let param = 0;
  while (source.length > 0) {
    if (source.startsWith('([^/]+)') || source.startsWith('([^\\/]+)')) {
      param += 1;
      variants = variants.map((v) => `${v}:p${param}`);
      source = source.slice(source.startsWith('([^/]+)') ? 7 : 8);
      continue;
    }
    const alternation = /^\(((?:[\w-]+\|)+[\w-]+)\)/.exec(source);
    if (alternation) {
      const options = alternation[1]!.split('|');
      variants = variants.flatMap((v) => options.map((o) => v + o));
      source = source.slice(alternation[0].length);
      continue;
    }
    const escaped = /^\\([/.\-_~])/.exec(source);
    if (escaped) {
      variants = variants.map((v) => v + escaped[1]!);
      source = source.slice(2);
      continue;
    }
    if (/^[\w-]/.test(source)) {
      variants = variants.map((v) => v + source[0]!);
      source = source.slice(1);
      continue;
    }
    return undefined;
  }
  return variants;
};

const pathsOf = (raw: unknown): unknown[] => (Array.isArray(raw) ? (raw.flat(Infinity) as unknown[]) : [raw]);

const walk = (stack: LayerLike[], prefixes: string[], into: Map<string, RouteEntry>): void => {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods)
        .filter((m) => layer.route!.methods[m])
        .map((m) => (m === '_all' ? 'ALL' : m.toUpperCase()));
      for (const prefix of prefixes) {
        for (const path of pathsOf(layer.route.path)) {
          for (const method of methods) {
            const entry: RouteEntry =
              path instanceof RegExp
                ? {
                    method,
                    path: `${prefix.replace(/\/+$/, '')}${String(path)}`,
                    templates: (templatesOfRegExp(path) ?? []).map((t) => joinPaths(prefix, t)),
                    regexp: { prefix: prefix.replace(/\/+$/, ''), source: path },
                  }
                : {
                    method,
                    path: joinPaths(prefix, String(path)),
                    templates: expandTemplate(joinPaths(prefix, String(path))),
                  };
            if (!into.has(routeKey(entry))) into.set(routeKey(entry), entry);
          }
        }
      }
      continue;
    }
    const inner = layer.handle?.stack;
    if (!Array.isArray(inner)) continue;
    const mounts = pathsOf(layer.rawPath ?? '/').filter((p): p is string => typeof p === 'string');
    walk(
      inner,
      prefixes.flatMap((prefix) => mounts.map((mount) => joinPaths(prefix, mount))),
      into,
    );
  }
};

/** Every route of an Express 5 app, its mounted routers' included, in declaration order. */
export const routesOfApp = (app: Express): RouteEntry[] => {
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  const found = new Map<string, RouteEntry>();
  walk(router.stack, ['/'], found);
  return [...found.values()];
};

/**
 * The route table of a running test server: the app made by the same `createApp` with the server's store and
 * search engine (RunningServer does not hand its app out). Nothing of it listens or is started. Metrics are on, as
 * they are by default (METRICS=on) in the test servers: /metrics is served there, so it is in the table; the
 * metrics made only to declare the route stop hearing of outcomes at once.
 */
export const routeTableOf = (server: RunningServer): RouteEntry[] => {
  const metrics = createMetrics({ db: server.db, liveStreams: () => 0 });
  const app = createApp({
    db: server.db,
    streams: new ChangeStreams(server.db),
    onPushed: () => {},
    catalog: { search: server.search.engine, officeIp: '' },
    sessionTtl: { accessSeconds: 900, refreshSeconds: 2_592_000 },
    metrics,
  });
  metrics.stop();
  return routesOfApp(app);
};
