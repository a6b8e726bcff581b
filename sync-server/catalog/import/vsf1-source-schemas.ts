import { z } from 'zod';

/**
 * Vue Storefront 1 Elasticsearch documents as they really are in a dump (vue-storefront-api's var/catalog*.json,
 * Magento 2 through mage2vuestorefront): numbers arrive as numbers or decimal strings ("32.0000"), ids as numbers
 * or strings, flags as booleans or "0"/"1", multiselect values as comma strings ("8,11"), empty lists as `[]`
 * where an object is meant. These schemas accept that looseness and nothing else, and normalise it (numbers to
 * numbers, flags to booleans), so the mapping to our model never guesses at a type. Objects are loose: unknown
 * keys pass through, because a product's top-level keys are its attribute values.
 */

const describeInput = (input: unknown): string => {
  if (input === undefined) return 'nothing (the field is missing)';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return `"${input.length > 40 ? `${input.slice(0, 40)}…` : input}"`;
  return typeof input === 'object' ? 'an object' : String(input);
};

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** A number, or a string holding a decimal number ("32.0000"); the string's text is kept for exact rounding. */
export const decimalLikeSchema = z.union(
  [z.number(), z.string().regex(DECIMAL, 'expected a decimal number such as "32.0000"')],
  { error: (issue) => `expected a number or a decimal string, got ${describeInput(issue.input)}` },
);
export type DecimalLike = z.infer<typeof decimalLikeSchema>;

/** An integer id or count, as a number or a string of digits ("93"); "1.0000" is accepted as 1. */
export const intLikeSchema = z
  .union([z.number(), z.string().regex(DECIMAL, 'expected a whole number')], {
    error: (issue) => `expected a whole number, got ${describeInput(issue.input)}`,
  })
  .transform((value) => Number(value))
  .pipe(z.number().int('expected a whole number'));

/** An optional price: a decimal, or null / "" for "none". */
export const optionalDecimalSchema = z
  .union([decimalLikeSchema, z.literal(''), z.null()], {
    error: (issue) => `expected a number, a decimal string or null, got ${describeInput(issue.input)}`,
  })
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

/** true/false, 1/0, "1"/"0", "true"/"false". */
export const flagSchema = z
  .union([z.boolean(), z.number(), z.enum(['0', '1', 'true', 'false'])], {
    error: (issue) => `expected true/false or 1/0, got ${describeInput(issue.input)}`,
  })
  .transform(
    (value) => value === true || value === 'true' || value === '1' || (typeof value === 'number' && value !== 0),
  );

/** A string that may be missing or null; both read as absent. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/** A date bound as VSF1 writes it ("2017-09-16 15:46:46"), kept as text; "" and null mean "none". */
const optionalDate = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null));

/** Magento writes an empty extension_attributes as `[]` and a full one as an object. */
const looseRecord = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0)])
  .transform((value) => (Array.isArray(value) ? {} : value));

// ---------------------------------------------------------------------------------------------- envelope

/** One elasticdump line: `{_index, _type, _id, _score, _source}`. Elasticsearch 7 dumps say `_type: "_doc"`. */
export const vsf1EnvelopeSchema = z.object({
  _index: z.string().min(1),
  _type: z.string().optional(),
  _id: z.union([z.string(), z.number()]).optional(),
  _score: z.number().nullable().optional(),
  _source: z.record(z.string(), z.unknown(), {
    error: (issue) => `expected the document object, got ${describeInput(issue.input)}`,
  }),
});
export type Vsf1Envelope = z.infer<typeof vsf1EnvelopeSchema>;

// ---------------------------------------------------------------------------------------------- attribute

export const vsf1AttributeSchema = z.looseObject({
  attribute_id: intLikeSchema.optional(),
  id: intLikeSchema.optional(),
  attribute_code: z.string().min(1),
  frontend_input: optionalText,
  frontend_label: optionalText,
  default_frontend_label: optionalText,
  options: z
    .array(
      z.looseObject({
        value: z.union([z.string(), z.number()]).transform(String),
        label: z
          .union([z.string(), z.number()])
          .nullish()
          .transform((label) => (label == null ? '' : String(label))),
      }),
    )
    .nullish()
    .transform((options) => options ?? []),
  is_visible_on_front: flagSchema.optional(),
  is_comparable: flagSchema.optional(),
  is_user_defined: flagSchema.optional(),
  is_visible: flagSchema.optional(),
  is_filterable: flagSchema.optional(),
  position: intLikeSchema.optional(),
});
export type Vsf1Attribute = z.infer<typeof vsf1AttributeSchema>;

// ---------------------------------------------------------------------------------------------- category

/** One node of the category tree; `children_data` is checked node by node (see `vsf1CategoryNodes`). */
export const vsf1CategorySchema = z.looseObject({
  id: intLikeSchema,
  parent_id: intLikeSchema.optional(),
  name: z.string(),
  is_active: flagSchema.optional(),
  position: intLikeSchema.optional(),
  level: intLikeSchema.optional(),
  product_count: intLikeSchema.optional(),
  children_count: intLikeSchema.optional(),
  children_data: z
    .array(z.unknown())
    .nullish()
    .transform((children) => children ?? []),
  path: optionalText,
  url_key: optionalText,
  url_path: optionalText,
  slug: optionalText,
  include_in_menu: flagSchema.optional(),
  image: optionalText,
  description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
});
export type Vsf1Category = z.infer<typeof vsf1CategorySchema>;

// ---------------------------------------------------------------------------------------------- product

const customAttributeSchema = z.looseObject({ attribute_code: z.string().min(1), value: z.unknown() });

export const vsf1StockSchema = z.looseObject({
  is_in_stock: flagSchema,
  qty: decimalLikeSchema.nullish(),
});

const categoryRefSchema = z.looseObject({
  category_id: intLikeSchema,
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? ''),
});

const configurableOptionSchema = z.looseObject({
  attribute_id: intLikeSchema,
  attribute_code: optionalText,
  label: optionalText,
  position: intLikeSchema.optional(),
  values: z.array(
    z.looseObject({
      value_index: z.union([z.string(), z.number()]).transform(String),
      label: optionalText,
      default_label: optionalText,
      store_label: optionalText,
    }),
  ),
});
export type Vsf1ConfigurableOption = z.infer<typeof configurableOptionSchema>;

const priceFields = {
  price: decimalLikeSchema.nullish(),
  special_price: optionalDecimalSchema,
  special_from_date: optionalDate,
  special_to_date: optionalDate,
};

export const vsf1ConfigurableChildSchema = z.looseObject({
  id: intLikeSchema.optional(),
  sku: z.string().min(1),
  name: optionalText,
  image: optionalText,
  status: intLikeSchema.optional(),
  stock: vsf1StockSchema.nullish(),
  custom_attributes: z.array(customAttributeSchema).nullish(),
  ...priceFields,
});
export type Vsf1ConfigurableChild = z.infer<typeof vsf1ConfigurableChildSchema>;

const productLinkSchema = z.looseObject({
  link_type: z.string().min(1),
  linked_product_sku: z.string().min(1),
  linked_product_type: optionalText,
  position: intLikeSchema.nullish(),
  qty: decimalLikeSchema.nullish(),
  extension_attributes: looseRecord.nullish(),
});

const tierPriceSchema = z.looseObject({
  customer_group_id: intLikeSchema,
  qty: decimalLikeSchema,
  value: decimalLikeSchema,
});

const mediaItemSchema = z.looseObject({
  image: z.string(),
  lab: optionalText,
  label: optionalText,
  vid: z.union([z.string(), z.looseObject({ url: optionalText })]).nullish(),
});

const bundleOptionSchema = z.looseObject({
  option_id: intLikeSchema,
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  required: flagSchema.optional(),
  type: optionalText,
  product_links: z.array(
    z.looseObject({
      id: intLikeSchema.optional(),
      sku: z.string().min(1),
      qty: decimalLikeSchema.nullish(),
      is_default: flagSchema.optional(),
      price: optionalDecimalSchema,
    }),
  ),
});
export type Vsf1BundleOption = z.infer<typeof bundleOptionSchema>;

const customOptionSchema = z.looseObject({
  option_id: intLikeSchema,
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  type: z.string().min(1),
  is_require: flagSchema.optional(),
  sort_order: intLikeSchema.optional(),
  /** A `field` option has its price on the option and no values. */
  price: optionalDecimalSchema,
  price_type: optionalText,
  sku: optionalText,
  values: z
    .array(
      z.looseObject({
        option_type_id: intLikeSchema,
        title: z
          .string()
          .nullish()
          .transform((title) => title ?? ''),
        price: optionalDecimalSchema,
        price_type: optionalText,
        sku: optionalText,
      }),
    )
    .nullish(),
});
export type Vsf1CustomOption = z.infer<typeof customOptionSchema>;

const downloadableLinkSchema = z.looseObject({
  id: intLikeSchema,
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  price: optionalDecimalSchema,
});

export const vsf1ProductSchema = z.looseObject({
  id: intLikeSchema,
  sku: z.string().min(1),
  name: z.string(),
  type_id: z.string().min(1),
  status: intLikeSchema,
  visibility: intLikeSchema,
  tax_class_id: intLikeSchema.nullish(),
  url_key: optionalText,
  image: optionalText,
  description: optionalText,
  short_description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  brand: optionalText,
  ean: optionalText,
  is_old: intLikeSchema.optional(),
  created_at: optionalText,
  updated_at: optionalText,
  category: z.array(categoryRefSchema).nullish(),
  category_ids: z.array(intLikeSchema).nullish(),
  stock: vsf1StockSchema.nullish(),
  tier_prices: z.array(tierPriceSchema).nullish(),
  media_gallery: z.array(mediaItemSchema).nullish(),
  configurable_options: z.array(configurableOptionSchema).nullish(),
  configurable_children: z.array(vsf1ConfigurableChildSchema).nullish(),
  product_links: z.array(productLinkSchema).nullish(),
  bundle_options: z.array(bundleOptionSchema).nullish(),
  custom_options: z.array(customOptionSchema).nullish(),
  downloadable_product_links: z.array(downloadableLinkSchema).nullish(),
  extension_attributes: looseRecord.nullish(),
  price: decimalLikeSchema,
  special_price: priceFields.special_price,
  special_from_date: priceFields.special_from_date,
  special_to_date: priceFields.special_to_date,
});
export type Vsf1Product = z.infer<typeof vsf1ProductSchema>;

/** Magento keeps downloadable links under extension_attributes when they are indexed at all. */
export const vsf1DownloadableLinksSchema = z.array(downloadableLinkSchema);

// ---------------------------------------------------------------------------------------------- content

export const vsf1CmsPageSchema = z.looseObject({
  id: intLikeSchema,
  identifier: z.string().min(1),
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  content_heading: optionalText,
  content: z
    .string()
    .nullish()
    .transform((content) => content ?? ''),
  meta_title: optionalText,
  meta_description: optionalText,
  active: flagSchema.optional(),
});
export type Vsf1CmsPage = z.infer<typeof vsf1CmsPageSchema>;

export const vsf1CmsBlockSchema = z.looseObject({
  id: intLikeSchema,
  identifier: z.string().min(1),
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  content: z
    .string()
    .nullish()
    .transform((content) => content ?? ''),
  active: flagSchema.optional(),
});
export type Vsf1CmsBlock = z.infer<typeof vsf1CmsBlockSchema>;

export const vsf1ReviewSchema = z.looseObject({
  id: intLikeSchema,
  product_id: intLikeSchema,
  title: z
    .string()
    .nullish()
    .transform((title) => title ?? ''),
  detail: z
    .string()
    .nullish()
    .transform((detail) => detail ?? ''),
  nickname: z
    .string()
    .nullish()
    .transform((nickname) => nickname ?? ''),
  review_status: intLikeSchema,
  created_at: z.string(),
});
export type Vsf1Review = z.infer<typeof vsf1ReviewSchema>;

export const vsf1TaxRuleSchema = z.looseObject({
  id: intLikeSchema,
  code: z.string(),
  product_tax_class_ids: z.array(intLikeSchema),
  rates: z.array(
    z.looseObject({
      code: z.string(),
      rate: decimalLikeSchema.transform(Number),
      tax_country_id: z.string(),
      region_name: optionalText,
      tax_region_id: intLikeSchema.nullish(),
    }),
  ),
});
export type Vsf1TaxRule = z.infer<typeof vsf1TaxRuleSchema>;

/** The entity kinds a VSF1 dump holds that this importer takes, by their VSF1 names. */
export const VSF1_KINDS = ['product', 'category', 'attribute', 'cms_page', 'cms_block', 'review', 'taxrule'] as const;
export type Vsf1Kind = (typeof VSF1_KINDS)[number];
