import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../store/database.ts';
import { loadAttributes } from '../catalog-reads.ts';
import { commaList } from './query-fields.ts';
import { ok, parseInput } from '../../http/respond.ts';
import { okAnswer, type ApiRoute } from '../../http/api-description.ts';
import { attributeSchema } from '../../../schema/catalog/attribute.ts';

const listQuerySchema = z.object({
  /** Only these attribute codes ("cvyat,ram"); all when absent. */
  codes: commaList(1, 500).optional(),
});

/** GET /api/catalog/attributes?codes=: attributes by position, then code. */
export const attributeRoutes = (db: Database): Router => {
  const router = Router();
  router.get('/catalog/attributes', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query, 'query');
    const items = (await loadAttributes(db, query.codes)).sort((a, b) => a.position - b.position);
    ok(res, { items, total: items.length });
  });
  return router;
};

export const attributeApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/catalog/attributes',
    summary: 'Attributes (all, or these codes), by position',
    access: 'public',
    request: { query: listQuerySchema },
    responses: okAnswer('`{ items, total }`', z.object({ items: z.array(attributeSchema), total: z.number().int() })),
  },
];
