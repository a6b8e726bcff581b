import type { Sql } from '../store/database.ts';

/**
 * What the ads' rules check against the catalogue: each named category (an active category's slug) with the
 * `model` values its products carry, as the labels a shopper reads ("iPhone 17 Pro"). Only the categories the
 * batch's ads name are read. A category without products with a model accepts no model (it may be left out).
 */
export const adCategories = async (sql: Sql, slugs: readonly string[]): Promise<Map<string, Set<string>>> => {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return new Map();
  const rows = await sql.query<{ slug: string; label: string | null }>(
    `WITH wanted AS (SELECT id, slug FROM categories WHERE is_active AND slug = ANY($1::text[])),
     labels AS (
       SELECT o->>'value' AS value, o->>'label' AS label
       FROM attributes a, jsonb_array_elements(a.doc->'options') AS o
       WHERE a.attribute_code = 'model'
     ),
     used AS (
       SELECT DISTINCT w.slug, v.value
       FROM wanted w
       JOIN catalog_products p ON p.category_ids @> ARRAY[w.id]
       CROSS JOIN LATERAL jsonb_array_elements_text(
         CASE jsonb_typeof(p.doc->'attributes'->'model')
           WHEN 'array' THEN p.doc->'attributes'->'model'
           WHEN 'string' THEN jsonb_build_array(p.doc->'attributes'->'model')
           ELSE '[]'::jsonb END) AS v(value)
     )
     SELECT w.slug, l.label
     FROM wanted w
     LEFT JOIN used u ON u.slug = w.slug
     LEFT JOIN labels l ON l.value = u.value`,
    [wanted],
  );
  const categories = new Map<string, Set<string>>();
  for (const { slug, label } of rows) {
    const models = categories.get(slug) ?? new Set<string>();
    if (label !== null) models.add(label);
    categories.set(slug, models);
  }
  return categories;
};
