import { Router } from 'express';
import type { SearchEngine } from '../../schema/search/search-engine.ts';
import type { Database } from '../store/database.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { attributeRoutes } from './routes/attributes.ts';
import { blogRoutes } from './routes/blog.ts';
import { categoryRoutes } from './routes/categories.ts';
import { cmsRoutes } from './routes/cms.ts';
import { initRoutes } from './routes/init.ts';
import { productRoutes } from './routes/products.ts';
import { renderListRoutes } from './routes/render-list.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { searchRoutes } from './routes/search.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { stockRoutes } from './routes/stock.ts';
import type { ApiFeature } from '../http/api-description.ts';
import { attributeApi } from './routes/attributes.ts';
import { blogApi } from './routes/blog.ts';
import { categoryApi } from './routes/categories.ts';
import { cmsApi } from './routes/cms.ts';
import { initApi } from './routes/init.ts';
import { productApi } from './routes/products.ts';
import { renderListApi } from './routes/render-list.ts';
import { productReviewApi } from './routes/reviews.ts';
import { searchApi } from './routes/search.ts';
import { sitemapApi } from './routes/sitemap.ts';
import { stockApi } from './routes/stock.ts';

/**
 * The catalogue API, mounted at /api. Every answer is `{ code, result }`; bad input is a 400 naming the
 * field; "query returned empty result" is a 404 with the reason as `result`. Amounts are integer minor
 * units (stotinki; euro cents where a call takes currencyCode=EUR), as everywhere in this code base.
 *
 * Paths the spec gives:
 *   GET  /api/catalog/init
 *   GET  /api/products/render-list?skus=a,b&currencyCode=BGN|EUR&storeId=
 *   GET  /api/stock/check?sku= | ?category={id} | ?keywords={text}
 *   GET  /api/stock/list?skus=a,b
 *   POST /api/pages/single                                   {slug}
 *   GET  /api/pages/find?slug=                               the same, or null
 *   GET  /api/ext/cms-data/cms{Page|Block}/{cmsId}
 *   GET  /api/ext/cms-data/cms{Page|Block}Identifier/{identifier}/{storeId}
 *   POST /api/sitemap                                        (empty body)
 *
 * Paths chosen here (the spec says "not shown"):
 *   GET  /api/catalog/category?slug= | ?url_key=              category single
 *   GET  /api/catalog/categories?parent_id=&level=&from=&size=&tree=   category list
 *   GET  /api/catalog/attributes?codes=a,b                   attribute list
 *   POST /api/catalog/search                                 product search and listings (schema/search/query.ts)
 *   GET  /api/catalog/products?skus=a,b                      product list by skus (with variants' parents)
 *   GET  /api/catalog/products/{sku}                         product single
 *   GET  /api/catalog/products/{sku}/related                 related products
 *   GET  /api/blog/posts?tag=&time=                          latest blog posts ("the blog's posts API")
 *   GET  /api/review/list?product_id=&from=&size=            approved reviews ("review search")
 */
export interface CatalogRoutesDeps {
  db: Database;
  search: SearchEngine;
  officeIp: string;
}

export const catalogRoutes = ({ db, search, officeIp }: CatalogRoutesDeps): Router => {
  const router = Router();
  // A NUL or a lone surrogate in a path, query or body is a 400 here, before any route hands it to the store.
  router.use(refuseUnstorableInput());
  router.use(initRoutes(db, officeIp));
  router.use(categoryRoutes(db));
  router.use(attributeRoutes(db));
  router.use(searchRoutes(search, db));
  router.use(productRoutes(db));
  router.use(renderListRoutes(db));
  router.use(stockRoutes(db));
  router.use(cmsRoutes(db));
  router.use(sitemapRoutes(db));
  router.use(blogRoutes(db));
  router.use(reviewRoutes(db));
  return router;
};

/** The catalogue's routes in the API description (each listed beside its router in routes/). */
export const catalogApi: ApiFeature = {
  tag: 'catalogue',
  routes: [
    ...initApi,
    ...categoryApi,
    ...attributeApi,
    ...searchApi,
    ...productApi,
    ...renderListApi,
    ...stockApi,
    ...cmsApi,
    ...sitemapApi,
    ...blogApi,
    ...productReviewApi,
  ],
};
