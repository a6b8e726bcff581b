import type { Attribute } from '../../schema/catalog/attribute.ts';
import type { Category } from '../../schema/catalog/category.ts';
import type { Database } from '../store/database.ts';

/**
 * The catalogue's attribute and category reads, for its routes (routes/attributes.ts, routes/categories.ts) and
 * for the other features that draw the catalogue (the AMP pages, sync-server/amp/amp-data.ts).
 */

/** The attributes with these codes (every one without codes), by code. */
export const loadAttributes = async (db: Database, codes?: readonly string[]): Promise<Attribute[]> =>
  (codes
    ? await db.query<{ doc: Attribute }>(
        'SELECT doc FROM attributes WHERE attribute_code = ANY($1::text[]) ORDER BY attribute_code',
        [[...codes]],
      )
    : await db.query<{ doc: Attribute }>('SELECT doc FROM attributes ORDER BY attribute_code')
  ).map((r) => r.doc);

/** Every active category, by position. */
export const activeCategories = async (db: Database): Promise<Category[]> =>
  (await db.query<{ doc: Category }>('SELECT doc FROM categories WHERE is_active ORDER BY position, id')).map(
    (r) => r.doc,
  );
