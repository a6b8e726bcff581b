import { z } from 'zod';

/**
 * The catalogue product: every field of the spec (catalogue.md section 3), under the spec's names, which are
 * Vue Storefront 1's names too, so an imported shop and the generated one have the same shape.
 *
 * Money is integer stotinki (BGN minor units) like everywhere else in this code base; the VSF1 importer
 * converts that platform's decimal strings on the way in. `price` is without VAT, as in the spec and VSF1;
 * the `*InclTax` fields are derived from the tax rules (`applyTaxRules`).
 *
 * Filter attributes (cvyat, displey, disk, ram, ...) live in `attributes` as attribute code -> option value
 * (or values, for multiselects): one place to index and filter, instead of VSF1's loose top-level keys.
 */

export const stotinkiSchema = z.number().int().min(0).max(1e12);
export const productTypeSchema = z.enum(['simple', 'configurable', 'grouped', 'bundle', 'downloadable']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** ISO 8601 date or date-time, or null for "no bound". */
export const dateBoundSchema = z.string().max(40).nullable();

/** Option value ids are strings: VSF1 mixes numbers and strings, and a string compares without surprise. */
export const optionValueSchema = z.string().min(1).max(100);
export const attributeValuesSchema = z.record(
  z.string().min(1).max(64),
  z.union([optionValueSchema, z.array(optionValueSchema).max(100)]),
);
export type AttributeValues = z.infer<typeof attributeValuesSchema>;

export const productCategoryRefSchema = z.object({
  category_id: z.number().int(),
  name: z.string().max(200),
  /** The category's English name, copied with its name where the catalogue has one (issue 19). */
  name_en: z.string().max(200).optional(),
  slug: z.string().max(200),
});

export const stockSchema = z.object({
  is_in_stock: z.boolean(),
  qty: z.number().int().min(0).max(1e9),
});

export const tierPriceSchema = z.object({
  customer_group_id: z.number().int().min(0),
  qty: z.number().int().min(1),
  /** Unit price without VAT for this group from this quantity, stotinki. */
  value: stotinkiSchema,
});

export const mediaItemSchema = z.object({
  image: z.string().max(500),
  label: z.string().max(200).default(''),
  vid: z.string().max(500).nullable().default(null),
});

/** Spec: availability statuses are keys of filter_options ('In stock', 'Pre-order', ...) set to true. */
export const filterOptionsSchema = z.record(
  z.string().max(64),
  z.union([z.boolean(), z.string().max(200), z.number()]),
);

export const configurableOptionSchema = z.object({
  attribute_id: z.number().int(),
  attribute_code: z.string().min(1).max(64),
  label: z.string().max(200),
  position: z.number().int().default(0),
  values: z.array(z.object({ value_index: optionValueSchema, label: z.string().max(200) })).max(200),
});

export const priceFieldsSchema = z.object({
  price: stotinkiSchema,
  special_price: stotinkiSchema.nullable().default(null),
  special_from_date: dateBoundSchema.default(null),
  special_to_date: dateBoundSchema.default(null),
});

export const configurableChildSchema = priceFieldsSchema.extend({
  id: z.number().int(),
  sku: z.string().min(1).max(64),
  name: z.string().max(300),
  image: z.string().max(500),
  status: z.number().int().min(0).max(9),
  stock: stockSchema,
  /** The child's values of the parent's configurable attributes (cvyat, disk, ...). */
  attributes: attributeValuesSchema,
  priceInclTax: stotinkiSchema.optional(),
  /** The special price with VAT, like the product's own (`applyTaxRules` fills both); null without a special price. */
  specialPriceInclTax: stotinkiSchema.nullable().optional(),
});
export type ConfigurableChild = z.infer<typeof configurableChildSchema>;

export const productLinkSchema = z.object({
  /** 'related', 'upsell', 'crosssell', 'associated' (grouped members). */
  link_type: z.string().min(1).max(32),
  linked_product_sku: z.string().min(1).max(64),
  linked_product_type: productTypeSchema.optional(),
  qty: z.number().int().min(0).default(1),
  position: z.number().int().default(0),
});

export const customOptionTypeSchema = z.enum(['field', 'radio', 'select', 'checkbox']);
export const customOptionValueSchema = z.object({
  option_type_id: z.number().int(),
  title: z.string().max(200),
  /** Stotinki when fixed; percent of the base price when percent. */
  price: z.number().min(0),
  price_type: z.enum(['fixed', 'percent']),
  /** CTO upgrade: the option replaces the base with the original price plus this delta. */
  is_upgrade: z.boolean().default(false),
  sku: z.string().max(64).default(''),
});
export const customOptionSchema = z.object({
  option_id: z.number().int(),
  title: z.string().max(200),
  type: customOptionTypeSchema,
  is_require: z.boolean(),
  sort_order: z.number().int().default(0),
  values: z.array(customOptionValueSchema).max(100),
});
export type CustomOption = z.infer<typeof customOptionSchema>;

export const bundleLinkSchema = z.object({
  id: z.number().int(),
  sku: z.string().min(1).max(64),
  qty: z.number().int().min(0),
  is_default: z.boolean(),
  /** Unit price of the linked simple product, stotinki (copied at index time so the rule needs no lookup). */
  price: stotinkiSchema,
  name: z.string().max(300).default(''),
  image: z.string().max(500).default(''),
});
export const bundleOptionSchema = z.object({
  option_id: z.number().int(),
  title: z.string().max(200),
  required: z.boolean(),
  type: z.enum(['select', 'radio', 'checkbox', 'multi']).default('select'),
  product_links: z.array(bundleLinkSchema).max(100),
});
export type BundleOption = z.infer<typeof bundleOptionSchema>;

export const downloadableLinkSchema = z.object({
  id: z.number().int(),
  title: z.string().max(200),
  price: stotinkiSchema,
});

export const catalogProductSchema = priceFieldsSchema.extend({
  id: z.number().int(),
  sku: z.string().min(1).max(64),
  /** The configurable parent's sku for a variant reached on its own; null for a parent or a plain product. */
  parentSku: z.string().max(64).nullable().default(null),
  name: z.string().min(1).max(300),
  /** Product slug: Cyrillic kept (spec section 5). */
  slug: z.string().min(1).max(300),
  url_key: z.string().min(1).max(300),
  type_id: productTypeSchema,
  tax_class_id: z.number().int().min(0),
  /** Derived from the tax rules, stotinki. */
  priceInclTax: stotinkiSchema,
  priceTax: stotinkiSchema,
  specialPriceInclTax: stotinkiSchema.nullable().default(null),
  image: z.string().max(500),
  media_gallery: z.array(mediaItemSchema).max(50).default([]),
  description: z.string().max(100_000).default(''),
  short_description: z.string().max(5_000).default(''),
  meta_title: z.string().max(300).default(''),
  meta_description: z.string().max(1_000).default(''),
  brand: z.string().max(100).default(''),
  ean: z.string().max(20).default(''),
  /** 0 or 1 enabled; 2 or more disabled (spec). */
  status: z.number().int().min(0).max(9),
  /** 1 not visible on its own, 2 catalogue, 3 search, 4 both (Magento's values, which the spec's rules use). */
  visibility: z.number().int().min(1).max(4),
  /** End of life: 1 when the product is no longer made; kept reachable, out of default listings. */
  is_old: z.number().int().min(0).max(1),
  category_ids: z.array(z.number().int()).max(100),
  category: z.array(productCategoryRefSchema).max(100),
  stock: stockSchema,
  tier_prices: z.array(tierPriceSchema).max(100).default([]),
  attributes: attributeValuesSchema.default({}),
  filter_options: filterOptionsSchema.default({}),
  configurable_options: z.array(configurableOptionSchema).max(20).default([]),
  configurable_children: z.array(configurableChildSchema).max(500).default([]),
  product_links: z.array(productLinkSchema).max(200).default([]),
  custom_options: z.array(customOptionSchema).max(50).default([]),
  bundle_options: z.array(bundleOptionSchema).max(50).default([]),
  downloadable_links: z.array(downloadableLinkSchema).max(50).default([]),
  /** Badges. */
  sale: z.boolean().default(false),
  new: z.boolean().default(false),
  promo: z.boolean().default(false),
  /** Build-to-order Mac: the product page offers the `cto:` route to configure it. */
  cto_url: z.string().max(300).nullable().default(null),
  created_at: z.string().max(40),
  updated_at: z.string().max(40),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;
export type CatalogProductInput = z.input<typeof catalogProductSchema>;
