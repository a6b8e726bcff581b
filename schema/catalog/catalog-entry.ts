import { z } from 'zod';
import { serverSeqSchema } from '../commands/envelope.ts';
import { attributeSchema } from './attribute.ts';
import { catalogProductSchema } from './catalog-product.ts';
import { categorySchema } from './category.ts';
import { bannerSchema, blogPostSchema, cmsBlockSchema, cmsPageSchema, reviewSchema } from './content.ts';
import { taxRuleSchema } from './tax-rule.ts';

/**
 * What the offline catalogue replicates: every public catalogue entity as one entry of one collection.
 * One collection, not nine, because RxDB's free tier opens at most 13 collections per tab; the client
 * keeps the catalogue in memory for search anyway, so RxDB only needs to persist and stream it.
 */
export const CATALOG_ENTRY_KINDS = [
  'category',
  'attribute',
  'product',
  'cmsPage',
  'cmsBlock',
  'banner',
  'blogPost',
  'review',
  'taxRule',
] as const;
export const catalogEntryKindSchema = z.enum(CATALOG_ENTRY_KINDS);
export type CatalogEntryKind = z.infer<typeof catalogEntryKindSchema>;

export const catalogEntrySchema = z.object({
  /** `${kind}:${id or sku}`. */
  key: z.string().min(3).max(120),
  kind: catalogEntryKindSchema,
  /** The entity itself; validated by its kind's schema when the client reads it (`parseCatalogEntry`). */
  doc: z.record(z.string(), z.unknown()),
  serverSeq: serverSeqSchema,
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogEntryDocSchemas = {
  category: categorySchema,
  attribute: attributeSchema,
  product: catalogProductSchema,
  cmsPage: cmsPageSchema,
  cmsBlock: cmsBlockSchema,
  banner: bannerSchema,
  blogPost: blogPostSchema,
  review: reviewSchema,
  taxRule: taxRuleSchema,
} as const;

export const catalogEntryKey = (kind: CatalogEntryKind, id: string | number): string => `${kind}:${id}`;
