import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCREENS } from '../../../schema/routing/app-screens.ts';
import { resolvePath } from '../../../schema/routing/resolve-path.ts';

/**
 * The server answers a page address 404 unless something answers it (sync-server/http/page-status.ts). The
 * client's own screens are one list (schema/routing/app-screens.ts): a route added to the client and not to the
 * list would be a page the server calls missing. This reads every route the client declares.
 */
const CLIENT = path.resolve(import.meta.dirname, '../../../client');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(at);
    return /\.tsx?$/.test(entry.name) ? [at] : [];
  });

/** Screens under /my-account/ (children of the account layout, which the list covers by its first segment). */
const ACCOUNT_CHILDREN = new Set([
  'invoice-details',
  'shipping-details',
  'newsletter',
  'recently-viewed',
  'orders',
  'my-sell',
]);

describe("the client's screens and the server's list of them", () => {
  const declared = sourceFiles(CLIENT).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/createRoute\(\{[^}]*?path: '([^']+)'/gs)].map((m) => m[1]!),
  );

  it('every route the client declares is answered: an app screen, an account child, or the route table', () => {
    expect(declared.length).toBeGreaterThan(10);
    for (const route of declared) {
      const first = route.replace(/^\//, '').split('/')[0]!;
      if (first === '' || first.startsWith('$') || ACCOUNT_CHILDREN.has(first) || APP_SCREENS.has(first)) continue;
      // What the catalogue's route table reads (posts/sell, page-not-found...): not an app screen of its own.
      const resolved = resolvePath(`/${route.replace(/\$[a-zA-Z]+/g, 'x')}`, {
        categoryBySlug: () => undefined,
        isStaticPage: () => false,
        productBySku: () => undefined,
        attributes: [],
      });
      expect(resolved.kind === 'not-found' && route !== 'page-not-found' && route !== '/page-not-found', route).toBe(
        false,
      );
    }
  });
});
