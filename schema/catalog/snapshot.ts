import { z } from 'zod';
import { attributeSchema } from './attribute.ts';
import { stockItemSchema } from './availability.ts';
import { catalogProductSchema } from './catalog-product.ts';
import { categorySchema } from './category.ts';
import { bannerSchema, blogPostSchema, cmsBlockSchema, cmsPageSchema, reviewSchema } from './content.ts';
import { taxRuleSchema } from './tax-rule.ts';

/**
 * A whole catalogue, as the generator writes it and the importer reads it: the unit the store seeds from.
 * Each entity kind is its own list, so a writer can stream them and report progress per kind.
 */
export const catalogSnapshotSchema = z.object({
  categories: z.array(categorySchema),
  attributes: z.array(attributeSchema),
  products: z.array(catalogProductSchema),
  cmsPages: z.array(cmsPageSchema),
  cmsBlocks: z.array(cmsBlockSchema),
  banners: z.array(bannerSchema),
  blogPosts: z.array(blogPostSchema),
  reviews: z.array(reviewSchema),
  taxRules: z.array(taxRuleSchema),
  stockItems: z.array(stockItemSchema).default([]),
});
export type CatalogSnapshot = z.infer<typeof catalogSnapshotSchema>;
export type CatalogEntityKind = keyof CatalogSnapshot;
