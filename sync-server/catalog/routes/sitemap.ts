import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../store/database.ts';
import { LISTABLE_SQL } from '../listing-rules.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, jsonObject, type ApiRoute } from '../../http/api-description.ts';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The spec sends an empty body (express.json leaves it undefined); anything in it is a mistake. */
const sitemapBodySchema = z.object({}).strict();

export interface SitemapItem {
  type: 'category' | 'product' | 'cmsPage';
  url: string;
  updated_at?: string;
}

/**
 * POST /api/sitemap (empty body; the token the spec's client adds is not required: the catalogue is public):
 * items: active categories (/{slug}), listable products (/{slug}-{sku}, the route table's product route) and
 * active CMS pages (/{slug}), at most 50,000 URLs.
 */
export const sitemapRoutes = (db: Database): Router => {
  const router = Router();
  router.post('/sitemap', async (req, res) => {
    parseInput(sitemapBodySchema, req.body, 'body');
    const categories = await db.query<{ slug: string }>(
      'SELECT slug FROM categories WHERE is_active AND level >= 2 ORDER BY position, id',
    );
    const pages = await db.query<{ slug: string }>('SELECT slug FROM cms_pages WHERE active ORDER BY id');
    const products = await db.query<{ slug: string; sku: string; updated_at: string }>(
      `SELECT doc->>'slug' AS slug, sku, doc->>'updated_at' AS updated_at FROM catalog_products
       WHERE ${LISTABLE_SQL} ORDER BY id LIMIT $1`,
      [SITEMAP_MAX_URLS],
    );
    const items: SitemapItem[] = [
      ...categories.map((c) => ({ type: 'category' as const, url: `/${c.slug}` })),
      ...pages.map((p) => ({ type: 'cmsPage' as const, url: `/${p.slug}` })),
      ...products.map((p) => ({
        type: 'product' as const,
        url: `/${encodeURIComponent(p.slug)}-${encodeURIComponent(p.sku)}`,
        updated_at: p.updated_at,
      })),
    ].slice(0, SITEMAP_MAX_URLS);
    ok(res, { items, total: items.length });
  });
  return router;
};

export const sitemapApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/sitemap',
    summary: `The shop's URLs (categories, CMS pages, products), at most ${SITEMAP_MAX_URLS}`,
    access: 'public',
    request: { body: sitemapBodySchema },
    responses: okAnswer('`{ items, total }`', jsonObject('Sitemap items: type, url, updated_at')),
  },
];
