import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sync-server/server.ts';
import { routeTableOf, type RouteEntry } from '../support/route-table.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';

/**
 * Issue 30: the HTTP API described in OpenAPI 3.1, served at /api/openapi.json. The routes are read from the
 * Express app itself (support/route-table.ts walks every mounted router), so a route added without its entry in
 * the description fails here, and so does an entry whose route is gone or was moved.
 */

/** The probes served beside /api and /sync (the description covers them too). */
const PROBES = new Set(['/healthz', '/livez', '/readyz', '/metrics']);

const inScope = (template: string): boolean =>
  template === '/api' || template.startsWith('/api/') || template.startsWith('/sync/') || PROBES.has(template);

/** Parameter names elided: a route declared by an expression names its parameters p1, p2... */
const shapeOf = (method: string, template: string): string =>
  `${method.toUpperCase()} ${template.replace(/:[A-Za-z0-9_]+/g, ':')}`;

interface Served {
  key: string;
  /** How the app declares it, for the failure message. */
  declared: string;
  /** The template with its parameter names, when declared as a template (not an expression). */
  named?: string;
}

const servedRoutes = (routes: RouteEntry[]): Served[] =>
  routes.flatMap((route) =>
    (route.templates.length > 0 ? route.templates : [route.path]).filter(inScope).map((template) => ({
      key: shapeOf(route.method, template),
      declared: `${route.method} ${route.path}`,
      ...(route.regexp ? {} : { named: `${route.method} ${template}` }),
    })),
  );

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; parameters?: { name: string; in: string }[] }>>;
}

const describedRoutes = (doc: OpenApiDocument): { key: string; named: string }[] =>
  Object.entries(doc.paths).flatMap(([path, operations]) => {
    const express = path.replace(/\{([^}]+)\}/g, ':$1');
    return Object.keys(operations).map((method) => ({
      key: shapeOf(method, express),
      named: `${method.toUpperCase()} ${express}`,
    }));
  });

describe(`the OpenAPI description against the routes the app serves (${storeKind})`, () => {
  let server: RunningServer;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer();
    const answer = await fetch(`${server.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    doc = (await answer.json()) as OpenApiDocument;
  }, 60_000);
  afterAll(() => server.close());

  it('is an OpenAPI 3.1 document in which every operation has a summary', () => {
    expect(doc.openapi).toBe('3.1.0');
    const unsummarised = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.summary)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unsummarised).toEqual([]);
  });

  it('describes every route under /api, /sync and the probes, and no route the app does not serve', () => {
    const served = servedRoutes(routeTableOf(server));
    const described = describedRoutes(doc);
    const describedKeys = new Set(described.map((d) => d.key));
    const servedKeys = new Set(served.map((s) => s.key));

    const undescribed = [...new Set(served.filter((s) => !describedKeys.has(s.key)).map((s) => s.declared))];
    const unserved = described.filter((d) => !servedKeys.has(d.key)).map((d) => d.named);
    // One assertion, so a failure names both differences at once.
    expect({ servedButNotDescribed: undescribed, describedButNotServed: unserved }).toEqual({
      servedButNotDescribed: [],
      describedButNotServed: [],
    });
    // Sanity: the walk saw the app's routers, not an empty table.
    expect(served.length).toBeGreaterThan(50);
  });

  it('names each path parameter as the route does', () => {
    const describedByKey = new Map(describedRoutes(doc).map((d) => [d.key, d.named]));
    const misnamed = servedRoutes(routeTableOf(server)).flatMap((s) =>
      s.named && describedByKey.has(s.key) && describedByKey.get(s.key) !== s.named
        ? [`${s.named} described as ${describedByKey.get(s.key)}`]
        : [],
    );
    expect(misnamed).toEqual([]);
  });

  it('lists the path parameters of each operation as parameters', () => {
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) => {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      return Object.entries(ops).flatMap(([method, op]) =>
        names
          .filter((name) => !op.parameters?.some((p) => p.in === 'path' && p.name === name))
          .map((name) => `${method.toUpperCase()} ${path}: ${name}`),
      );
    });
    expect(missing).toEqual([]);
  });
});
