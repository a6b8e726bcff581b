import { z } from 'zod';
import { optionValueSchema } from './catalog-product.ts';

export const attributeOptionSchema = z.object({
  value: optionValueSchema,
  label: z.string().max(200),
  /** The label in English, where the catalogue has one (issue 19); absent, the Bulgarian one is shown, marked. */
  label_en: z.string().max(200).optional(),
  /** URL segment of this value in a filtered category route. */
  slug: z.string().max(200),
});

export const attributeSchema = z.object({
  attribute_id: z.number().int(),
  id: z.number().int(),
  attribute_code: z.string().min(1).max(64),
  frontend_label: z.string().max(200),
  default_frontend_label: z.string().max(200),
  /** The label in English, where the catalogue has one (issue 19). */
  frontend_label_en: z.string().max(200).optional(),
  frontend_input: z.enum(['select', 'multiselect', 'text', 'price', 'boolean']),
  options: z.array(attributeOptionSchema).max(2000),
  is_visible_on_front: z.boolean(),
  is_comparable: z.boolean(),
  is_user_defined: z.boolean(),
  is_visible: z.boolean(),
  /** Offered as a listing filter. */
  is_filterable: z.boolean().default(false),
  position: z.number().int().default(0),
});
export type Attribute = z.infer<typeof attributeSchema>;
export type AttributeInput = z.input<typeof attributeSchema>;

/** Spec section 9: the default filters, in panel order. `cena` is the price range, not an option attribute. */
export const DEFAULT_FILTERS = [
  'cvyat',
  'cena',
  'displey',
  'disk',
  'ram',
  'procesor',
  'klaviatura',
  'touchbar',
  'flag',
  'model',
] as const;
