import type { Request } from 'express';
import { bootSearchKey } from '../../schema/catalog/listing-query.ts';
import { APP_SCREENS } from '../../schema/routing/app-screens.ts';
import { bootSearchFor } from './boot-search.ts';
import {
  CATEGORY_SLUG,
  decodeSegment,
  productLookupPath,
  skuCandidates,
} from '../../schema/catalog/rules/product-address.ts';

/**
 * The first answers of a catalogue address, put into the page the server sends (client/lib/boot-answers.ts
 * takes them): a cold visit paints its first view as soon as the JavaScript has run, instead of asking for
 * them then and waiting a round trip more (on a slow phone link, most of the wait for the first products).
 *
 * The answers are the API's own, asked of this server over loopback, so the page and the API can never
 * disagree. Only public GET answers are embedded: nothing of a shopper's, and nothing a cache could mix up.
 */

/** Past this the page goes out without answers: the client asks for them itself, as it would anyway. */
const BOOT_TIMEOUT_MS = 400;

const HOME_PATHS = new Set(['/', '/pwa.html']);
/** The not-found page: spelled like a category slug, but no catalogue answer is its first view. */
const NOT_FOUND_PAGE = 'page-not-found';

/** The API paths the first view of `pathname` asks for at once (the client's own spelling of them). */
export const bootPathsFor = (pathname: string): string[] => {
  if (HOME_PATHS.has(pathname)) return ['/api/catalog/init'];
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = decodeSegment(segments[0] ?? '');
  if (first === '' || first === NOT_FOUND_PAGE || APP_SCREENS.has(first) || first.startsWith('search=')) return [];
  // A category slug: the category page asks for the categories and the filter attributes first.
  if (CATEGORY_SLUG.test(first)) return ['/api/catalog/categories', '/api/catalog/attributes'];
  // Anything else with a '-' may be a product address: every sku its end may name, in one lookup.
  if (segments.length !== 1) return [];
  const skus = skuCandidates(first);
  return skus.length > 0 ? [productLookupPath(skus)] : [];
};

/** This server's own address, as the request reached it (loopback in practice). */
const selfBase = (req: Request): string => {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host =
    address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace('::ffff:', '');
  return `http://${host}:${req.socket.localPort}`;
};

/** The query part of a request target, with its `?` (as URL.search gives it), or ''. */
export const searchOf = (target: string): string => {
  const start = target.indexOf('?');
  const search = start < 0 ? '' : target.slice(start);
  return search === '?' ? '' : search;
};

/** One API answer's JSON body, asked of this server; null when it failed or came after `signal`. */
const askSelf = async (base: string, path: string, signal: AbortSignal, body?: unknown): Promise<unknown> => {
  try {
    const response = await fetch(base + path, {
      signal,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
    });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
};

/**
 * The API's answers for `paths`, by path, then for a category address its first listing search, by
 * bootSearchKey (boot-search.ts: it needs the categories and attributes answers). An answer that failed or came
 * late is left out.
 */
export const fetchBootAnswers = async (req: Request, paths: readonly string[]): Promise<Record<string, unknown>> => {
  const base = selfBase(req);
  const signal = AbortSignal.timeout(BOOT_TIMEOUT_MS);
  const answers: Record<string, unknown> = {};
  await Promise.all(
    paths.map(async (path) => {
      const answer = await askSelf(base, path, signal);
      if (answer !== null) answers[path] = answer;
    }),
  );
  // The query as sent: `new URL(req.originalUrl, base)` throws on an address such as `//x:99999`, which it reads
  // as another host.
  const query = bootSearchFor(req.path, searchOf(req.originalUrl), answers);
  if (query) {
    const answer = await askSelf(base, '/api/catalog/search', signal, query);
    if (answer !== null) answers[bootSearchKey(query)] = answer;
  }
  return answers;
};

/**
 * The shell with the answers embedded as JSON at the end of its body (`<` escaped, so no answer can close the
 * script element): the first view the shell paints before the JavaScript (first-view.ts) is not held back by
 * them, as module scripts run after the whole document anyway.
 */
export const withBootAnswers = (shell: string, answers: Record<string, unknown>): string => {
  if (Object.keys(answers).length === 0) return shell;
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return shell.replace('</body>', () => `<script id="boot-data" type="application/json">${json}</script></body>`);
};
