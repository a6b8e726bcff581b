import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { AttributeValues, CatalogProductInput, ProductType } from '../../../schema/catalog/catalog-product.ts';
import { productTypeSchema } from '../../../schema/catalog/catalog-product.ts';
import { categorySlug, productSlug } from '../../../schema/catalog/slug.ts';
import type { TaxRule } from '../../../schema/catalog/tax-rule.ts';
import { addTax, taxRateFor } from '../../../schema/catalog/tax.ts';
import type { DecimalLike, Vsf1ConfigurableChild, Vsf1Product } from './vsf1-source-schemas.ts';
import { vsf1DownloadableLinksSchema } from './vsf1-source-schemas.ts';
import { Vsf1MappingError } from './vsf1-to-model.ts';

type ProductInput = CatalogProductInput;
type ChildInput = NonNullable<ProductInput['configurable_children']>[number];
type Stock = ProductInput['stock'];

/**
 * What the importer's first pass keeps of every product, for the products that refer to it: a configurable's
 * children (VSF1 writes them with no id, status or special price of their own), a bundle's and a grouped product's
 * members. `values` holds the product's short top-level values (its attribute values, among others).
 */
export interface ProductIndexEntry {
  id: number;
  sku: string;
  name: string;
  image: string | undefined;
  status: number;
  price: DecimalLike;
  special_price: DecimalLike | null;
  special_from_date: string | null;
  special_to_date: string | null;
  stock: Stock | undefined;
  values: Readonly<Record<string, string>>;
}

export interface ProductMappingContext {
  /** The attributes whose values a product's top-level keys carry into `attributes` (see `valueAttributes`). */
  valueAttributes: ReadonlyMap<string, Attribute>;
  /** A configurable option's attribute by id, looked up in the product's own dump first (see vsf1-document-kind). */
  attributeById: (id: number) => Attribute | undefined;
  attributeByCode: (code: string) => Attribute | undefined;
  /** The imported categories' slugs by id, for the product's category list. */
  categorySlugs: ReadonlyMap<number, string>;
  /** Every product of the import by sku. */
  products: ReadonlyMap<string, ProductIndexEntry>;
  /** A configurable child's sku -> its parent's sku. */
  parentSkus: ReadonlyMap<string, string>;
  taxRules: readonly TaxRule[];
  /** See `resolveTaxCountry`. */
  taxCountry: string;
  /** A price of the dump as leva stotinki (vsf1-currency.ts: converted from the shop's currency). */
  money: (value: DecimalLike) => number;
}

/**
 * The attributes whose values go into a product's `attributes`: the shop's own option attributes (user-defined
 * select, multiselect and boolean: color, size, material, eco_collection...). Magento's system attributes
 * (tax_class_id, status, visibility, options_container, ...) are our model's own fields or layout settings, and
 * text attributes (description, url_key, ...) are not values anything filters on.
 */
export const valueAttributes = (attributes: Iterable<Attribute>): Map<string, Attribute> => {
  const result = new Map<string, Attribute>();
  for (const attribute of attributes) {
    if (!attribute.is_user_defined) continue;
    if (!['select', 'multiselect', 'boolean'].includes(attribute.frontend_input)) continue;
    result.set(attribute.attribute_code, attribute);
  }
  return result;
};

/** Top-level values short enough to be attribute values, for `ProductIndexEntry.values`. */
export const shortValues = (source: Readonly<Record<string, unknown>>): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if ((typeof value === 'string' && value.length <= 200) || typeof value === 'number') values[key] = String(value);
  }
  return values;
};

/**
 * Spec/VSF1: a missing stock object means Magento did not index stock (the 2017 fixture has none). The product is
 * taken as in stock, quantity 0 (unknown), so an import does not hide a whole catalogue; a real stock feed replaces it.
 */
export const DEFAULT_STOCK: Stock = { is_in_stock: true, qty: 0 };

export const toStock = (stock: { is_in_stock: boolean; qty?: DecimalLike | null | undefined }): Stock => ({
  is_in_stock: stock.is_in_stock,
  // Magento's quantities are decimals ("100.0000") and go negative with backorders: whole units, never below 0.
  qty: Math.max(0, Math.floor(Number(stock.qty ?? 0))),
});

/** One attribute value as our model holds it: option ids as strings, a multiselect's "8,11" as ["8", "11"]. */
export const attributeValue = (raw: unknown, attribute: Attribute | undefined): string | string[] | undefined => {
  if (raw === null || raw === undefined) return undefined;
  const multi = attribute?.frontend_input === 'multiselect';
  if (Array.isArray(raw)) {
    const values = raw.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim());
    const nonEmpty = values.filter((v) => v !== '');
    return nonEmpty.length === 0 ? undefined : multi || nonEmpty.length > 1 ? nonEmpty : nonEmpty[0];
  }
  if (typeof raw === 'boolean') return raw ? '1' : '0';
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  if (text === '') return undefined;
  if (!multi) return text;
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
};

const productAttributes = (source: Vsf1Product, ctx: ProductMappingContext): AttributeValues => {
  const values: AttributeValues = {};
  for (const [code, attribute] of ctx.valueAttributes) {
    const value = attributeValue(source[code], attribute);
    if (value !== undefined) values[code] = value;
  }
  return values;
};

const moneyOrNull = (ctx: ProductMappingContext, value: DecimalLike | null | undefined): number | null =>
  value === null || value === undefined ? null : ctx.money(value);

const isFlagSet = (value: unknown): boolean => value === true || value === 1 || value === '1';

interface Prices {
  price: number;
  special_price: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
}

const withTax = (prices: Prices, rate: number) => {
  const priceInclTax = addTax(prices.price, rate);
  return {
    priceInclTax,
    priceTax: priceInclTax - prices.price,
    specialPriceInclTax: prices.special_price === null ? null : addTax(prices.special_price, rate),
  };
};

// ---------------------------------------------------------------------------------------------- configurable

interface ResolvedOption {
  attribute: Attribute;
  option: NonNullable<ProductInput['configurable_options']>[number];
}

const configurableOptions = (source: Vsf1Product, ctx: ProductMappingContext): ResolvedOption[] =>
  (source.configurable_options ?? []).map((option, i) => {
    // VSF1 1.0 writes only attribute_id; later versions add attribute_code.
    const attribute =
      (option.attribute_code ? ctx.attributeByCode(option.attribute_code) : undefined) ??
      ctx.attributeById(option.attribute_id);
    if (!attribute) {
      throw new Vsf1MappingError(
        `configurable_options.${i}.attribute_id`,
        `attribute ${option.attribute_code ?? option.attribute_id} is not among the imported attributes (import the dump's attribute documents too)`,
      );
    }
    const labels = new Map(attribute.options.map((o) => [o.value, o.label]));
    return {
      attribute,
      option: {
        attribute_id: option.attribute_id,
        attribute_code: attribute.attribute_code,
        label: option.label ?? attribute.frontend_label,
        position: option.position ?? 0,
        values: option.values.map((value) => ({
          value_index: value.value_index,
          label:
            value.label ??
            value.store_label ??
            value.default_label ??
            labels.get(value.value_index) ??
            value.value_index,
        })),
      },
    };
  });

const customAttribute = (child: Vsf1ConfigurableChild, code: string): unknown =>
  child.custom_attributes?.find((a) => a.attribute_code === code)?.value;

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A configurable child. VSF1 gives a child its sku, name, price and `custom_attributes` (an array of
 * {attribute_code, value}); whatever the child lacks (id, status, special price, stock, image, and in some dumps
 * the attribute values themselves) comes from the child's own product document, found by sku, then the parent.
 * Its attribute values are those of the parent's configurable attributes, read from the child's top-level keys,
 * then its custom_attributes, then its own product document. VAT is at the parent's rate, as `applyTaxToChild`.
 */
const configurableChild = (
  child: Vsf1ConfigurableChild,
  i: number,
  parent: Vsf1Product,
  options: readonly ResolvedOption[],
  rate: number,
  ctx: ProductMappingContext,
): ChildInput => {
  const field = `configurable_children.${i}`;
  const own = ctx.products.get(child.sku);
  const id = child.id ?? own?.id;
  if (id === undefined) {
    throw new Vsf1MappingError(`${field}.id`, `child ${child.sku} has no id and no product with that sku is imported`);
  }
  const price = child.price ?? own?.price;
  if (price === undefined || price === null) {
    throw new Vsf1MappingError(
      `${field}.price`,
      `child ${child.sku} has no price and no product with that sku is imported`,
    );
  }
  const attributes: AttributeValues = {};
  for (const { attribute } of options) {
    const code = attribute.attribute_code;
    const value = attributeValue(child[code] ?? customAttribute(child, code) ?? own?.values[code], attribute);
    if (value !== undefined) attributes[code] = value;
  }
  // A special price (and its dates) comes from the child entry when it has one, else from the child's own document.
  const special = child.special_price !== null ? child : own;
  const prices: Prices = {
    price: ctx.money(price),
    special_price: moneyOrNull(ctx, special?.special_price),
    special_from_date: special?.special_from_date ?? null,
    special_to_date: special?.special_to_date ?? null,
  };
  const { priceInclTax, specialPriceInclTax } = withTax(prices, rate);
  return {
    id,
    sku: child.sku,
    name: child.name ?? own?.name ?? '',
    image: child.image ?? textOf(customAttribute(child, 'image')) ?? own?.image ?? parent.image ?? '',
    status: child.status ?? own?.status ?? parent.status,
    stock: child.stock ? toStock(child.stock) : (own?.stock ?? DEFAULT_STOCK),
    attributes,
    ...prices,
    priceInclTax,
    specialPriceInclTax,
  };
};

// ---------------------------------------------------------------------------------------------- other types

const knownType = (type: string | undefined): ProductType | undefined => {
  const parsed = productTypeSchema.safeParse(type);
  return parsed.success ? parsed.data : undefined;
};

const productLinks = (source: Vsf1Product): ProductInput['product_links'] =>
  (source.product_links ?? []).map((link) => {
    const qty = link.extension_attributes?.qty ?? link.qty ?? 1;
    const linkedType = knownType(link.linked_product_type);
    return {
      link_type: link.link_type,
      linked_product_sku: link.linked_product_sku,
      ...(linkedType ? { linked_product_type: linkedType } : {}),
      qty: Math.max(0, Math.round(Number(qty))),
      position: link.position ?? 0,
    };
  });

/**
 * Bundle options. A link's price is the linked product's own price (our model copies the simple product's unit
 * price); VSF1's selection price is the fallback for a member that is not in the import. Link ids stay VSF1's
 * (Magento's selection ids), falling back to the member's product id.
 */
const bundleOptions = (source: Vsf1Product, ctx: ProductMappingContext): ProductInput['bundle_options'] =>
  (source.bundle_options ?? []).map((option, i) => ({
    option_id: option.option_id,
    title: option.title,
    required: option.required ?? false,
    // Magento's types are the model's four; anything else is left for the model's schema to refuse by name.
    type: (option.type ?? 'select') as 'select',
    product_links: option.product_links.map((link, j) => {
      const field = `bundle_options.${i}.product_links.${j}`;
      const member = ctx.products.get(link.sku);
      const price = member?.price ?? link.price;
      if (price === null || price === undefined) {
        throw new Vsf1MappingError(`${field}.price`, `no price given and no product ${link.sku} is imported`);
      }
      const id = link.id ?? member?.id;
      if (id === undefined)
        throw new Vsf1MappingError(`${field}.id`, `no id given and no product ${link.sku} is imported`);
      return {
        id,
        sku: link.sku,
        qty: Math.max(0, Math.round(Number(link.qty ?? 1))),
        is_default: link.is_default ?? false,
        price: ctx.money(price),
        name: member?.name ?? '',
        image: member?.image ?? '',
      };
    }),
  }));

/** Magento's custom option types in our four; others (file, date, ...) are kept and fail validation by name. */
const CUSTOM_OPTION_TYPES: Readonly<Record<string, string>> = {
  field: 'field',
  area: 'field',
  drop_down: 'select',
  select: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  multiple: 'checkbox',
};

const optionPrice = (price: DecimalLike | null, priceType: string | undefined, ctx: ProductMappingContext) => {
  const percent = priceType === 'percent';
  return {
    price: price === null ? 0 : percent ? Number(price) : ctx.money(price),
    price_type: percent ? ('percent' as const) : ('fixed' as const),
  };
};

/** Custom options; a field (text input) has its price on the option, which our model keeps as its one value. */
const customOptions = (source: Vsf1Product, ctx: ProductMappingContext): ProductInput['custom_options'] =>
  (source.custom_options ?? []).map((option) => {
    const type = (CUSTOM_OPTION_TYPES[option.type] ?? option.type) as 'field';
    const values =
      option.values && option.values.length > 0
        ? option.values.map((value) => ({
            option_type_id: value.option_type_id,
            title: value.title,
            ...optionPrice(value.price, value.price_type, ctx),
            sku: value.sku ?? '',
          }))
        : type === 'field'
          ? [
              {
                option_type_id: option.option_id,
                title: option.title,
                ...optionPrice(option.price, option.price_type, ctx),
                sku: option.sku ?? '',
              },
            ]
          : [];
    return {
      option_id: option.option_id,
      title: option.title,
      type,
      is_require: option.is_require ?? false,
      sort_order: option.sort_order ?? 0,
      values,
    };
  });

/** Downloadable links: top-level (some indexers) or Magento's extension_attributes.downloadable_product_links. */
const downloadableLinks = (source: Vsf1Product, ctx: ProductMappingContext): ProductInput['downloadable_links'] => {
  const fromExtension = vsf1DownloadableLinksSchema.safeParse(source.extension_attributes?.downloadable_product_links);
  const links = source.downloadable_product_links ?? (fromExtension.success ? fromExtension.data : []);
  return links.map((link) => ({ id: link.id, title: link.title, price: moneyOrNull(ctx, link.price) ?? 0 }));
};

// ---------------------------------------------------------------------------------------------- product

/**
 * A VSF1 product in our model. Prices become stotinki (half-up on the decimal text); special dates are kept as
 * VSF1 wrote them; the *InclTax fields come from the tax rules at `ctx.taxCountry`. Slug: url_key, else
 * productSlug(name) (Cyrillic kept), else productSlug(sku). A missing tax_class_id is class 0 (no rule covers it:
 * no VAT). Missing stock is `DEFAULT_STOCK`. Throws `Vsf1MappingError` naming the field when a reference cannot
 * be resolved; everything else is left to the model's schema to judge.
 */
export const mapProduct = (source: Vsf1Product, ctx: ProductMappingContext): ProductInput => {
  const taxClassId = source.tax_class_id ?? 0;
  const rate = taxRateFor(taxClassId, ctx.taxRules, ctx.taxCountry);
  const prices: Prices = {
    price: ctx.money(source.price),
    special_price: moneyOrNull(ctx, source.special_price),
    special_from_date: source.special_from_date,
    special_to_date: source.special_to_date,
  };
  const slug = source.url_key || productSlug(source.name) || productSlug(source.sku);
  const category = (source.category ?? []).map((ref) => ({
    category_id: ref.category_id,
    name: ref.name,
    slug: ctx.categorySlugs.get(ref.category_id) ?? (categorySlug(ref.name) || `category-${ref.category_id}`),
  }));
  const options = configurableOptions(source, ctx);
  const extension = source.extension_attributes ?? {};
  const mediaGallery = (source.media_gallery ?? []).map((item) => ({
    image: item.image,
    label: item.lab ?? item.label ?? '',
    vid: typeof item.vid === 'string' ? item.vid : (item.vid?.url ?? null),
  }));
  return {
    id: source.id,
    sku: source.sku,
    parentSku: ctx.parentSkus.get(source.sku) ?? null,
    name: source.name,
    slug,
    url_key: source.url_key || slug,
    type_id: source.type_id as ProductType,
    tax_class_id: taxClassId,
    ...prices,
    ...withTax(prices, rate),
    image: source.image ?? '',
    media_gallery: mediaGallery,
    description: source.description ?? '',
    short_description: source.short_description ?? '',
    meta_title: source.meta_title ?? '',
    meta_description: source.meta_description ?? '',
    brand: source.brand ?? '',
    ean: source.ean ?? '',
    status: source.status,
    visibility: source.visibility,
    is_old: source.is_old ?? 0,
    category_ids: source.category_ids ?? category.map((ref) => ref.category_id),
    category,
    stock: source.stock ? toStock(source.stock) : (toStockItem(extension.stock_item) ?? DEFAULT_STOCK),
    tier_prices: (source.tier_prices ?? []).map((tier) => ({
      customer_group_id: tier.customer_group_id,
      qty: Math.max(1, Math.round(Number(tier.qty))),
      value: ctx.money(tier.value),
    })),
    attributes: productAttributes(source, ctx),
    configurable_options: options.map((resolved) => resolved.option),
    configurable_children: (source.configurable_children ?? []).map((child, i) =>
      configurableChild(child, i, source, options, rate, ctx),
    ),
    product_links: productLinks(source),
    custom_options: customOptions(source, ctx),
    bundle_options: bundleOptions(source, ctx),
    downloadable_links: downloadableLinks(source, ctx),
    sale: isFlagSet(source.sale),
    new: isFlagSet(source.new),
    created_at: source.created_at ?? '',
    updated_at: source.updated_at ?? '',
  };
};

/** Magento's extension_attributes.stock_item, when an indexer kept it there instead of `stock`. */
const toStockItem = (raw: unknown): Stock | undefined => {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const item = raw as { is_in_stock?: unknown; qty?: unknown };
  if (typeof item.is_in_stock !== 'boolean') return undefined;
  const qty = typeof item.qty === 'number' || typeof item.qty === 'string' ? item.qty : 0;
  return toStock({ is_in_stock: item.is_in_stock, qty: Number.isFinite(Number(qty)) ? Number(qty) : 0 });
};
