import { z } from 'zod';

/** Spec: root category id 2; every shop category hangs below it. */
export const ROOT_CATEGORY_ID = 2;

const filterMobileSchema = z.object({ position: z.number().int(), show_title: z.boolean(), single_line: z.boolean() });
const filterMetadataSchema = z.object({
  heading: z.string().max(300),
  meta_title: z.string().max(300),
  meta_description: z.string().max(1000),
});

/**
 * A category, stored flat (one row each, `parent_id` and `path` give the tree); `children_data` is built
 * when a caller asks for the tree, never stored, so a move cannot leave two copies disagreeing.
 */
export const categorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string().min(1).max(200),
  /** The name in English, where the catalogue has one (issue 19); absent, the Bulgarian one is shown, marked. */
  name_en: z.string().min(1).max(200).optional(),
  /** Category route slug: letters, digits and hyphen (spec section 5). */
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(200),
  url_key: z.string().min(1).max(200),
  url_path: z.string().max(500),
  /** Ids from the root, '1/2/10/42'. */
  path: z.string().max(500),
  level: z.number().int().min(0),
  position: z.number().int(),
  is_active: z.boolean(),
  product_count: z.number().int().min(0).default(0),
  children_count: z.number().int().min(0).default(0),
  show_homepage: z.boolean().default(false),
  show_menu: z.boolean().default(true),
  image: z.string().max(500).default(''),
  description: z.string().max(20_000).default(''),
  meta_title: z.string().max(300).default(''),
  meta_description: z.string().max(1000).default(''),
  /** Translated filter title -> position in the filter panel. */
  filters_sorting: z.record(z.string().max(100), z.number().int()).default({}),
  filters_mobile: z.record(z.string().max(100), filterMobileSchema).default({}),
  /** attribute code -> option slug -> SEO texts for that filtered listing. */
  filters_metadata: z.record(z.string().max(64), z.record(z.string().max(200), filterMetadataSchema)).default({}),
});
export type Category = z.infer<typeof categorySchema>;
export type CategoryInput = z.input<typeof categorySchema>;
