import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { bootPathsFor, fetchBootAnswers, searchOf, withBootAnswers } from './boot-data.ts';
import { HttpProblem } from './problem.ts';
import { checkStorableRequest } from './storable-input.ts';
import { firstViewFor, withFirstView } from './first-view.ts';
import { priceDisplayOf } from './listing-first-view.ts';
import { pageAnswerFor } from './page-status.ts';
import type { Database } from '../store/database.ts';
import { parseBuildManifest, preloadsFor, routePreloads, withRoutePreloads } from './route-preloads.ts';
import { appPolicy, inlineHashes, setPolicy } from './security-headers.ts';

/**
 * gzip for every compressible answer (the client's JavaScript, CSS and HTML, the API's and the pulls' JSON),
 * except the live stream: an event stream must reach the client event by event, not when a gzip block fills.
 */
export const compressResponses = (): RequestHandler =>
  compression({
    filter: (req: Request, res: Response) =>
      !String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });

/** Files whose names carry a content hash (Vite's assets/, Workbox's runtime): safe to keep for a year. */
const isHashed = (file: string): boolean =>
  file.includes(`${path.sep}assets${path.sep}`) || /[/\\]workbox-[0-9a-f]{8}\.js$/.test(file);

/** Each screen's files to preload (route-preloads.ts), from the build's manifest; none without a readable one. */
const readRoutePreloads = async (root: string): Promise<Map<string, string[]>> => {
  try {
    const manifest = parseBuildManifest(JSON.parse(await readFile(path.join(root, '.vite', 'manifest.json'), 'utf8')));
    return manifest ? routePreloads(manifest) : new Map();
  } catch {
    // a build without a manifest: its pages load each screen's files when the app asks for them, as before
    return new Map();
  }
};

/**
 * The built PWA: hashed assets cached for long; the shell, the service worker and the manifest never cached
 * by HTTP; the other public files (robots.txt, icons, favicon) for an hour, so a change reaches shoppers.
 */
export const serveClient = (app: Express, root: string, db: Database): void => {
  // The app's policy on every file of the build, with the built shell's inline hashes: the service worker keeps
  // /index.html as served here and answers offline navigations with it, headers and all, and its own script's
  // policy governs the worker (importScripts of Workbox's runtime, its fetches).
  let builtShell = '';
  try {
    builtShell = readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    // no shell built: the files are served with the policy of a page without inline code
  }
  const filePolicy = appPolicy(inlineHashes(builtShell));
  app.use((_req, res, next) => {
    setPolicy(res, filePolicy);
    next();
  });
  app.use(
    express.static(root, {
      index: false,
      setHeaders(res, file) {
        const noCache = file.endsWith('service-worker.js') || file.endsWith('.html') || file.endsWith('.webmanifest');
        const policy = isHashed(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
        res.set('cache-control', noCache ? 'no-cache' : policy);
      },
    }),
  );
  // A real robots.txt even when the build has none: never the shell (STACK.md: the SEO audit reads it).
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('cache-control', 'public, max-age=3600').send('User-agent: *\nAllow: /\n');
  });
  // Every other GET is a page: the shell draws it (TanStack Router), including its 404 page, and page-status.ts
  // gives it its HTTP status. The shell
  // carries the first answers of its address (boot-data.ts), for home its first view (first-view.ts), and for a
  // screen that is a chunk of its own the preloads of its files (route-preloads.ts).
  let shell: Promise<string> | undefined;
  let preloads: Promise<Map<string, string[]>> | undefined;
  app.get(/.*/, async (req, res) => {
    // No client route holds a NUL, a lone surrogate or broken percent-encoding (400), or an empty first segment
    // (`//x:99999`, which a URL parser reads as another host): a 404, not the shell.
    checkStorableRequest(req);
    if (req.path.startsWith('//')) throw new HttpProblem(404, 'path: no page has this address', 'path');
    // The page's status (page-status.ts): an address no route, category, product or content page answers is a
    // 404 with the same shell, whose router shows the not-found page; an old address is moved for good.
    const answer = await pageAnswerFor(db, req.path);
    if (answer.status === 301) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, answer.location + (query < 0 ? '' : req.originalUrl.slice(query)));
      return;
    }
    res.status(answer.status);
    shell ??= readFile(path.join(root, 'index.html'), 'utf8');
    const html = await shell.catch(() => undefined);
    if (html === undefined) {
      shell = undefined;
      res.set('cache-control', 'no-cache').sendFile(path.join(root, 'index.html'));
      return;
    }
    preloads ??= readRoutePreloads(root);
    const [answers, routeFiles] = await Promise.all([fetchBootAnswers(req, bootPathsFor(req.path)), preloads]);
    const shellForRoute = withRoutePreloads(html, preloadsFor(routeFiles, req.path));
    const page = withFirstView(
      withBootAnswers(shellForRoute, answers),
      firstViewFor(req.path, answers, priceDisplayOf(shellForRoute), searchOf(req.originalUrl)),
    );
    setPolicy(res, appPolicy(inlineHashes(page)));
    res.set('cache-control', 'no-cache').type('html').send(page);
  });
};
