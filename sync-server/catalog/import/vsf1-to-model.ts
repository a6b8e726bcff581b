import type { z } from 'zod';
import type { AttributeInput } from '../../../schema/catalog/attribute.ts';
import type { CmsBlock, CmsPage, Review } from '../../../schema/catalog/content.ts';
import { categorySlug } from '../../../schema/catalog/slug.ts';
import type { TaxRule } from '../../../schema/catalog/tax-rule.ts';
import { SHOP_COUNTRY } from '../../../schema/catalog/tax-rule.ts';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import type {
  DecimalLike,
  Vsf1Attribute,
  Vsf1CmsBlock,
  Vsf1CmsPage,
  Vsf1Review,
  Vsf1TaxRule,
} from './vsf1-source-schemas.ts';

/**
 * Pure mappings from VSF1 documents (already parsed by vsf1-source-schemas.ts) to our catalogue model. Each returns
 * the model's input shape; `validateModel` then checks it with the model's own schema, so whatever the mapping lets
 * through, the store only ever receives what the model allows. Products are in vsf1-product-to-model.ts and the
 * category tree in vsf1-category-tree.ts.
 */

/** A mapping that cannot be completed (a child without an id, an attribute nobody defined), naming the field. */
export class Vsf1MappingError extends Error {
  constructor(
    /** The field of the VSF1 document, without `_source.`: 'configurable_children.3.id'. */
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = 'Vsf1MappingError';
  }
}

export type ModelCheck<T> = { ok: true; value: T } | { ok: false; field: string; reason: string };

/** The mapped value checked by our model's schema; a failure names the field (`describeZodError`). */
export const validateModel = <T>(schema: z.ZodType<T>, input: unknown, prefix = ''): ModelCheck<T> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const { field, message } = describeZodError(parsed.error, prefix);
  return { ok: false, field, reason: message };
};

// ---------------------------------------------------------------------------------------------- money

/**
 * A VSF1 decimal (24, 52.5, "32.0000") as integer stotinki, rounded half-up on the exact decimal text, so "1.005"
 * is 101 where Math.round(1.005 * 100) would give 100. Numbers are read through their shortest decimal text.
 */
export const toStotinki = (value: DecimalLike): number => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return Math.round(Number(value) * 100); // exponent notation: beyond any shop's prices
  const [, sign = '', whole = '0', fraction = ''] = match;
  const magnitude = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  return sign && magnitude !== 0 ? -magnitude : magnitude;
};

export const toStotinkiOrNull = (value: DecimalLike | null | undefined): number | null =>
  value === null || value === undefined ? null : toStotinki(value);

// ---------------------------------------------------------------------------------------------- tax

/**
 * The country whose rates price the imported products (`priceInclTax` and friends):
 * - the one asked for (`--country`), even when the rules have no rate for it (then VAT is 0: the caller asked);
 * - else the shop's country (BG) when any rule has a rate for it;
 * - else the country of the first rate of the first rule: a VSF1 shop's rules name its own countries (the fixture's
 *   one rule has DE, US, IT and PL at 23%), and pricing by one of them shows the prices that shop showed, rather
 *   than silently dropping VAT. The rules themselves are imported as they are, so adding a BG rate later and
 *   re-deriving gives Bulgarian prices.
 */
export const resolveTaxCountry = (rules: readonly TaxRule[], requested?: string): string => {
  if (requested) return requested.toUpperCase();
  if (rules.some((rule) => rule.rates.some((rate) => rate.tax_country_id === SHOP_COUNTRY))) return SHOP_COUNTRY;
  return rules[0]?.rates[0]?.tax_country_id ?? SHOP_COUNTRY;
};

export const mapTaxRule = (source: Vsf1TaxRule): TaxRule => ({
  id: source.id,
  code: source.code,
  product_tax_class_ids: source.product_tax_class_ids,
  rates: source.rates.map((rate) => ({
    code: rate.code,
    rate: rate.rate,
    tax_country_id: rate.tax_country_id,
    region_name: rate.region_name ?? '',
    tax_region_id: rate.tax_region_id ?? 0,
  })),
});

// ---------------------------------------------------------------------------------------------- attributes

/**
 * Magento's frontend inputs in the four our model knows: swatches are selects; free inputs (textarea, date,
 * media_image, gallery, weight, none) are text, since nothing filters on them. The original is not lost in
 * meaning: only select, multiselect and boolean attributes carry option values into products.
 */
const FRONTEND_INPUTS: Readonly<Record<string, AttributeInput['frontend_input']>> = {
  select: 'select',
  swatch_visual: 'select',
  swatch_text: 'select',
  multiselect: 'multiselect',
  boolean: 'boolean',
  price: 'price',
};
export const mapFrontendInput = (input: string | undefined): AttributeInput['frontend_input'] =>
  (input && FRONTEND_INPUTS[input]) || 'text';

/**
 * An attribute. Magento's empty option (`{label: " ", value: ""}`, the "no value" entry of every select) is
 * dropped: it is no value a product can hold. Option slugs are `categorySlug(label)`, falling back to the value
 * when the label has no Latin letters or digits, and suffixed with the value when two labels give the same slug.
 */
export const mapAttribute = (source: Vsf1Attribute): AttributeInput => {
  const id = source.attribute_id ?? source.id;
  if (id === undefined) throw new Vsf1MappingError('attribute_id', 'missing (neither attribute_id nor id is given)');
  const options = source.options.filter((option) => option.value.trim() !== '');
  const baseSlugs = options.map((option) => categorySlug(option.label) || categorySlug(option.value) || 'option');
  const uses = new Map<string, number>();
  for (const slug of baseSlugs) uses.set(slug, (uses.get(slug) ?? 0) + 1);
  const label = source.frontend_label ?? source.default_frontend_label ?? source.attribute_code;
  return {
    attribute_id: id,
    id: source.id ?? id,
    attribute_code: source.attribute_code,
    frontend_label: label,
    default_frontend_label: source.default_frontend_label ?? label,
    frontend_input: mapFrontendInput(source.frontend_input),
    options: options.map((option, i) => {
      const slug = baseSlugs[i] ?? option.value;
      return {
        value: option.value,
        label: option.label,
        slug: (uses.get(slug) ?? 0) > 1 ? `${slug}-${categorySlug(option.value) || i}` : slug,
      };
    }),
    is_visible_on_front: source.is_visible_on_front ?? false,
    is_comparable: source.is_comparable ?? false,
    is_user_defined: source.is_user_defined ?? false,
    is_visible: source.is_visible ?? true,
    is_filterable: source.is_filterable ?? false,
    position: source.position ?? 0,
  };
};

// ---------------------------------------------------------------------------------------------- content

/** A CMS page; its slug is its identifier as it is (Magento identifiers are already URL keys), so links keep working. */
export const mapCmsPage = (source: Vsf1CmsPage): CmsPage => ({
  id: source.id,
  identifier: source.identifier,
  slug: source.identifier,
  title: source.title,
  content_heading: source.content_heading ?? '',
  content: source.content,
  meta_title: source.meta_title ?? '',
  meta_description: source.meta_description ?? '',
  active: source.active ?? true,
});

export const mapCmsBlock = (source: Vsf1CmsBlock): CmsBlock => ({
  id: source.id,
  identifier: source.identifier,
  title: source.title,
  content: source.content,
  active: source.active ?? true,
});

/** A review: VSF1's carry no rating, so it stays null; the status is Magento's (1 approved, 2 pending, 3 not). */
export const mapReview = (source: Vsf1Review): Review => ({
  id: source.id,
  product_id: source.product_id,
  title: source.title,
  detail: source.detail,
  nickname: source.nickname,
  rating: null,
  review_status: source.review_status,
  created_at: source.created_at,
});
