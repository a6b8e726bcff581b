import type { CatalogProduct, ProductType } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import type { CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import { SHOP_COUNTRY } from '../../schema/catalog/tax-rule.ts';
import { buildAttributes } from './attributes.ts';
import { buildCategories } from './categories.ts';
import { makeBundle, makeGrouped } from './composites.ts';
import { buildBanners, buildBlogPosts, buildCmsBlocks, buildCmsPages } from './content.ts';
import { linkRelated } from './links.ts';
import type { BuildContext } from './product-context.ts';
import { createContext } from './product-context.ts';
import {
  makeConfigurable,
  makeCto,
  makeDisabled,
  makeDownloadable,
  makeEol,
  makeOutlet,
  makeSimple,
} from './products.ts';
import { TAXABLE_GOODS_CLASS_ID, VAT_RATE } from './pricing.ts';
import { createRandom } from './random.ts';
import { generateReviews } from './reviews.ts';

export interface GenerateOptions {
  /** Sellable products (enabled, visible, not end-of-life) to generate; the shop's default is 1 500. */
  products: number;
  seed?: number;
  /** Special-price windows, "new" and dates are relative to this; the UTC day of it is what counts. */
  now?: Date;
}

export const DEFAULT_PRODUCT_COUNT = 1500;
export const DEFAULT_SEED = 2011;

/**
 * Sellable: enabled (status below 2), visible on its own (visibility 2, 3 or 4) and not end-of-life, i.e. what
 * the default product listing shows (spec section 5, with out-of-stock listing on as configured).
 */
export const isSellable = (p: Pick<CatalogProduct, 'status' | 'visibility' | 'is_old'>): boolean =>
  p.status < 2 && p.visibility >= 2 && p.is_old === 0;

export type ProductKind = 'configurable' | 'cto' | 'simple' | 'downloadable' | 'outlet' | 'bundle' | 'grouped';

/** Shares of the sellable products by kind; simple products (devices and accessories) take the rest. */
const SHARES: Readonly<Record<Exclude<ProductKind, 'simple'>, number>> = {
  configurable: 0.05,
  cto: 0.02,
  downloadable: 0.03,
  outlet: 0.1,
  bundle: 0.04,
  grouped: 0.02,
};

/** How many sellable products of each kind make `n`; every kind has at least one from n = 20. */
export const productQuotas = (n: number): Record<ProductKind, number> => {
  const quotas = { configurable: 0, cto: 0, downloadable: 0, outlet: 0, bundle: 0, grouped: 0, simple: 0 };
  let rest = n;
  if (n >= 20) {
    for (const [kind, share] of Object.entries(SHARES) as [Exclude<ProductKind, 'simple'>, number][]) {
      quotas[kind] = Math.max(1, Math.floor(n * share));
      rest -= quotas[kind];
    }
  }
  quotas.simple = rest;
  return quotas;
};

/** Products that are not sellable on purpose: end-of-life models and disabled lines (besides variant children). */
export const extraQuotas = (n: number): { eol: number; disabled: number } => ({
  eol: Math.max(3, Math.round(n * 0.03)),
  disabled: Math.max(2, Math.round(n * 0.015)),
});

const taxRules = (): TaxRule[] => [
  {
    id: 1,
    code: 'ДДС 20 % България',
    product_tax_class_ids: [TAXABLE_GOODS_CLASS_ID],
    rates: [{ code: 'BG-ДДС-20', rate: VAT_RATE, tax_country_id: SHOP_COUNTRY, region_name: '', tax_region_id: 0 }],
  },
];

const run = (count: number, make: (ctx: BuildContext, i: number) => unknown, ctx: BuildContext) => {
  for (let i = 0; i < count; i += 1) make(ctx, i);
};

/** Counts, images and SEO texts of the categories, once the products exist. */
const finishCategories = (
  categories: Category[],
  ctx: BuildContext,
  attributes: ReturnType<typeof buildAttributes>,
) => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const firstImage = new Map<number, string>();
  const displays = new Map<number, Set<string>>();
  for (const product of ctx.products) {
    if (!isSellable(product)) continue;
    const display = product.attributes.displey;
    for (const id of product.category_ids) {
      const category = byId.get(id);
      if (!category) continue;
      category.product_count += 1;
      if (!firstImage.has(id) && product.type_id !== 'bundle') firstImage.set(id, product.image);
      if (typeof display === 'string') {
        const set = displays.get(id) ?? new Set<string>();
        set.add(display);
        displays.set(id, set);
      }
    }
  }
  const displayOptions = new Map(
    (attributes.find((a) => a.attribute_code === 'displey')?.options ?? []).map((o) => [o.value, o]),
  );
  for (const category of categories) {
    // Magento's children_count: every category below, not only the direct children.
    category.children_count = categories.filter((c) => c.path.startsWith(`${category.path}/`)).length;
    category.image = firstImage.get(category.id) ?? '';
    const values = displays.get(category.id);
    if (values && 'Дисплей' in category.filters_sorting) {
      const bySlug: Category['filters_metadata'][string] = {};
      for (const value of [...values].sort()) {
        const option = displayOptions.get(value);
        if (!option) continue;
        bySlug[option.slug] = {
          heading: `${category.name} ${option.label}`,
          meta_title: `${category.name} ${option.label} – цени и наличност | Apple Store България`,
          meta_description: `Разгледайте ${category.name} с дисплей ${option.label}: оригинални продукти с гаранция, доставка в цяла България и покупка на изплащане.`,
        };
      }
      category.filters_metadata = { displey: bySlug };
    }
  }
  const root = categories[0];
  if (root) root.product_count = ctx.products.filter(isSellable).length;
};

/**
 * A realistic Bulgarian Apple catalogue with `products` sellable products; deterministic for a seed and a day.
 * Besides the sellable products it holds the variants of the configurables (visibility 1), end-of-life and disabled
 * products, categories, attributes, content pages and blocks, banners, blog posts, reviews, the tax rule and stock.
 */
export const generateCatalog = (options: GenerateOptions): CatalogSnapshot => {
  const n = Math.floor(options.products);
  if (!Number.isFinite(n) || n < 1)
    throw new RangeError(`products must be a positive integer, got ${options.products}`);
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  const now = options.now ?? new Date();
  const categoryIndex = buildCategories();
  const attributes = buildAttributes();
  const ctx = createContext(random, now, categoryIndex);
  const quotas = productQuotas(n);
  const extras = extraQuotas(n);

  // Devices first: bundles and grouped sets are made from them and from the accessories.
  run(quotas.configurable, makeConfigurable, ctx);
  run(quotas.cto, makeCto, ctx);
  run(quotas.simple, makeSimple, ctx);
  run(quotas.downloadable, makeDownloadable, ctx);
  run(quotas.outlet, makeOutlet, ctx);
  run(quotas.bundle, makeBundle, ctx);
  run(quotas.grouped, makeGrouped, ctx);
  run(extras.eol, makeEol, ctx);
  run(extras.disabled, makeDisabled, ctx);
  linkRelated(ctx);

  const { categories } = categoryIndex;
  finishCategories(categories, ctx, attributes);

  const featuredBySlug = new Map<string, CatalogProduct>();
  for (const product of ctx.products) {
    if (!isSellable(product) || !product.stock.is_in_stock) continue;
    for (const ref of product.category) if (!featuredBySlug.has(ref.slug)) featuredBySlug.set(ref.slug, product);
  }
  /** A category's first sellable product in stock; given a name, the first of that name (a variant's: 'name, 256 GB'). */
  const featured = (slug: string, name?: string) =>
    (name === undefined
      ? undefined
      : ctx.products.find(
          (p) =>
            isSellable(p) &&
            p.stock.is_in_stock &&
            (p.name === name || p.name.startsWith(`${name},`)) &&
            p.category.some((ref) => ref.slug === slug),
        )) ?? featuredBySlug.get(slug);

  return {
    categories,
    attributes,
    products: ctx.products,
    cmsPages: buildCmsPages(),
    cmsBlocks: buildCmsBlocks(),
    banners: buildBanners(featured),
    blogPosts: buildBlogPosts(random, ctx.day, featured),
    reviews: generateReviews(ctx.products, isSellable, random, ctx.day),
    taxRules: taxRules(),
    stockItems: ctx.stockItems,
  };
};

export interface CatalogSummary {
  kinds: Record<keyof CatalogSnapshot, number>;
  productTypes: Record<ProductType, number>;
  sellable: number;
  eol: number;
  disabled: number;
  hidden: number;
}

export const summarize = (snapshot: CatalogSnapshot): CatalogSummary => {
  const productTypes: Record<ProductType, number> = {
    simple: 0,
    configurable: 0,
    grouped: 0,
    bundle: 0,
    downloadable: 0,
  };
  let sellable = 0;
  let eol = 0;
  let disabled = 0;
  let hidden = 0;
  for (const p of snapshot.products) {
    productTypes[p.type_id] += 1;
    if (isSellable(p)) sellable += 1;
    if (p.is_old === 1) eol += 1;
    if (p.status >= 2) disabled += 1;
    if (p.visibility === 1) hidden += 1;
  }
  const kinds = Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, (v as unknown[]).length])) as Record<
    keyof CatalogSnapshot,
    number
  >;
  return { kinds, productTypes, sellable, eol, disabled, hidden };
};
