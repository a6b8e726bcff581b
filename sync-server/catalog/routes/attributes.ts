import { Router } from 'express';
import { z } from 'zod';
import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { Database } from '../../store/database.ts';
import { commaList } from './query-fields.ts';
import { ok, parseInput } from '../../http/respond.ts';

const listQuerySchema = z.object({
  /** Only these attribute codes ("cvyat,ram"); all when absent. */
  codes: commaList(1, 500).optional(),
});

/** The attributes with these codes (every one without codes), by code (also the AMP pages' lookup). */
export const loadAttributes = async (db: Database, codes?: readonly string[]): Promise<Attribute[]> =>
  (codes
    ? await db.query<{ doc: Attribute }>(
        'SELECT doc FROM attributes WHERE attribute_code = ANY($1::text[]) ORDER BY attribute_code',
        [[...codes]],
      )
    : await db.query<{ doc: Attribute }>('SELECT doc FROM attributes ORDER BY attribute_code')
  ).map((r) => r.doc);

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
