import { Router, type Response } from 'express';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { loadAmpCategory, loadAmpProduct, type AmpDeps, type AmpLookup } from './amp-data.ts';
import { renderAmpCategory } from './amp-category-view.ts';
import { renderAmpNotFound } from './amp-layout.ts';
import { renderAmpProduct } from './amp-product-view.ts';

/** Spec section 5: a category slug is letters, digits and hyphen. */
const CATEGORY_SLUG = /^[a-z0-9-]{1,200}$/;
/** The catalogue's limits on a sku and a product slug: anything longer names nothing. */
const MAX_SKU = 64;
const MAX_PRODUCT_SLUG = 300;

/**
 * Caches may keep a page for 5 minutes: AMP pages are made for caches, and a special price window or a stock
 * change shows within that time on these read-only pages (the full page, which sells, is always live).
 */
const CACHE_CONTROL = 'public, max-age=300';

const notFound = (res: Response): void => {
  res.status(404).type('html').set('cache-control', 'no-cache').send(renderAmpNotFound());
};

const sendPage = <Data>(res: Response, lookup: AmpLookup<Data>, render: (data: Data) => string): void => {
  switch (lookup.kind) {
    case 'page':
      res.type('html').set('cache-control', CACHE_CONTROL).send(render(lookup.data));
      return;
    case 'moved':
      res.redirect(301, lookup.to);
      return;
    case 'missing':
      notFound(res);
  }
};

/**
 * The AMP pages, mounted at /amp (short catalogue URLs, as configured):
 *   GET /amp/{slug}                           category
 *   GET /amp/{parentSku}/{slug}               product
 *   GET /amp/{parentSku}/{slug}/{childSku}    one variant of a configurable product
 * Each answers a whole HTML document, or a Bulgarian 404 page.
 */
export const ampRoutes = (deps: AmpDeps): Router => {
  const router = Router();
  router.use(refuseUnstorableInput());

  router.get('/:slug', async (req, res) => {
    const { slug } = req.params;
    if (!CATEGORY_SLUG.test(slug)) return notFound(res);
    sendPage(res, await loadAmpCategory(deps, slug, new Date()), renderAmpCategory);
  });

  const productPage = async (params: { parentSku: string; slug: string; childSku?: string }, res: Response) => {
    const tooLong =
      params.parentSku.length > MAX_SKU ||
      params.slug.length > MAX_PRODUCT_SLUG ||
      (params.childSku?.length ?? 0) > MAX_SKU;
    if (tooLong) return notFound(res);
    sendPage(res, await loadAmpProduct(deps, params, new Date()), renderAmpProduct);
  };
  router.get('/:parentSku/:slug', (req, res) => productPage(req.params, res));
  router.get('/:parentSku/:slug/:childSku', (req, res) => productPage(req.params, res));

  return router;
};
