import { Router } from 'express';
import { z } from 'zod';
import type { CmsBlock, CmsPage } from '../../../schema/catalog/content.ts';
import type { Database } from '../../store/database.ts';
import { queryInt } from './query-fields.ts';
import { notFound, ok, parseInput } from '../../http/respond.ts';
import { okAnswer, type ApiRoute } from '../../http/api-description.ts';
import { cmsBlockSchema, cmsPageSchema } from '../../../schema/catalog/content.ts';

const singleBodySchema = z.object({ slug: z.string().min(1).max(200) }).strict();
const findQuerySchema = z.object({ slug: z.string().min(1).max(200) }).strict();

const byIdParamsSchema = z.object({ type: z.enum(['Page', 'Block']), cmsId: queryInt() });
const byIdentifierParamsSchema = z.object({
  type: z.enum(['Page', 'Block']),
  identifier: z.string().min(1).max(200),
  storeId: queryInt(),
});

const TABLES = { Page: 'cms_pages', Block: 'cms_blocks' } as const;
const EMPTY = { Page: 'CMS page query returned empty result', Block: 'CMS block query returned empty result' };

/**
 * POST /api/pages/single {slug}: the active CMS page with that slug.
 * GET /api/pages/find?slug=: the same, or null (200) when there is none. The app asks it of an address that names
 *   no product, and an unknown address is no fault of the shopper's: single's 404 was an error in their console.
 * GET /api/ext/cms-data/cms{Page|Block}/{cmsId}: an active page or block by id.
 * GET /api/ext/cms-data/cms{Page|Block}Identifier/{identifier}/{storeId}: the same by identifier (one store:
 *   storeId is validated and otherwise unused).
 */
export const cmsRoutes = (db: Database): Router => {
  const router = Router();

  const activePage = async (slug: string): Promise<CmsPage | undefined> => {
    const [row] = await db.query<{ doc: CmsPage }>(
      'SELECT doc FROM cms_pages WHERE slug = $1 AND active ORDER BY id LIMIT 1',
      [slug],
    );
    return row?.doc;
  };

  router.get('/pages/find', async (req, res) => {
    const { slug } = parseInput(findQuerySchema, req.query, 'query');
    ok(res, (await activePage(slug)) ?? null);
  });

  router.post('/pages/single', async (req, res) => {
    const { slug } = parseInput(singleBodySchema, req.body, 'body');
    const page = await activePage(slug);
    if (!page) {
      notFound(res, `${EMPTY.Page}: ${slug}`);
      return;
    }
    ok(res, page);
  });

  // Express paths cannot split "cmsPageIdentifier" into a literal and a parameter: match the segment whole.
  router.get(/^\/ext\/cms-data\/cms(Page|Block)Identifier\/([^/]+)\/([^/]+)\/?$/, async (req, res) => {
    const params = parseInput(
      byIdentifierParamsSchema,
      { type: req.params[0], identifier: req.params[1], storeId: req.params[2] },
      'params',
    );
    const [row] = await db.query<{ doc: CmsPage | CmsBlock }>(
      `SELECT doc FROM ${TABLES[params.type]} WHERE identifier = $1 AND active ORDER BY id LIMIT 1`,
      [params.identifier],
    );
    if (!row) {
      notFound(res, `${EMPTY[params.type]}: ${params.identifier}`);
      return;
    }
    ok(res, row.doc);
  });

  router.get(/^\/ext\/cms-data\/cms(Page|Block)\/([^/]+)\/?$/, async (req, res) => {
    const params = parseInput(byIdParamsSchema, { type: req.params[0], cmsId: req.params[1] }, 'params');
    const [row] = await db.query<{ doc: CmsPage | CmsBlock }>(
      `SELECT doc FROM ${TABLES[params.type]} WHERE id = $1 AND active`,
      [params.cmsId],
    );
    if (!row) {
      notFound(res, `${EMPTY[params.type]}: ${params.cmsId}`);
      return;
    }
    ok(res, row.doc);
  });

  return router;
};

const cmsById = (type: 'Page' | 'Block'): ApiRoute => ({
  method: 'get',
  path: `/api/ext/cms-data/cms${type}/:cmsId`,
  summary: `An active CMS ${type.toLowerCase()} by id`,
  access: 'public',
  request: { params: byIdParamsSchema.omit({ type: true }) },
  responses: {
    ...okAnswer(`The ${type.toLowerCase()}`, type === 'Page' ? cmsPageSchema : cmsBlockSchema),
    404: { description: EMPTY[type] },
  },
});

const cmsByIdentifier = (type: 'Page' | 'Block'): ApiRoute => ({
  method: 'get',
  path: `/api/ext/cms-data/cms${type}Identifier/:identifier/:storeId`,
  summary: `An active CMS ${type.toLowerCase()} by identifier`,
  access: 'public',
  request: { params: byIdentifierParamsSchema.omit({ type: true }) },
  responses: {
    ...okAnswer(`The ${type.toLowerCase()}`, type === 'Page' ? cmsPageSchema : cmsBlockSchema),
    404: { description: EMPTY[type] },
  },
});

export const cmsApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/pages/find',
    summary: 'An active CMS page by slug, or null',
    access: 'public',
    request: { query: findQuerySchema },
    responses: okAnswer('The page or null', cmsPageSchema.nullable()),
  },
  {
    method: 'post',
    path: '/api/pages/single',
    summary: 'An active CMS page by slug',
    access: 'public',
    request: { body: singleBodySchema },
    responses: { ...okAnswer('The page', cmsPageSchema), 404: { description: EMPTY.Page } },
  },
  cmsById('Page'),
  cmsById('Block'),
  cmsByIdentifier('Page'),
  cmsByIdentifier('Block'),
];
