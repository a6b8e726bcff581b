import type { StockItem } from '../../schema/catalog/availability.ts';
import type { AttributeValues, CatalogProduct, ProductType } from '../../schema/catalog/catalog-product.ts';
import { productSlug } from '../../schema/catalog/slug.ts';
import type { FlagSlug } from './attributes.ts';
import { flagValue } from './attributes.ts';
import type { CategoryIndex } from './categories.ts';
import type { DeviceKind } from '../../sync-server/catalog/product-image-svg.ts';
import type { Role } from './families.ts';
import type { PriceFields, SpecialPrice, SpecialWindow } from './pricing.ts';
import {
  dayStart,
  isWindowOpen,
  levaToStotinki,
  netOf,
  priceFields,
  specialLeva,
  specialWindowDates,
  TAXABLE_GOODS_CLASS_ID,
} from './pricing.ts';
import type { Random } from './random.ts';
import { metaDescription, shortText } from './text.ts';

/** The spec's availability statuses, as keys of `filter_options` (schema/catalog/availability.ts). */
export type AvailabilityKey = 'In stock' | 'Limited Qty' | 'Pre-order' | 'Back order' | 'On request';
export const AVAILABILITY_KEYS: readonly AvailabilityKey[] = [
  'In stock',
  'Limited Qty',
  'Pre-order',
  'Back order',
  'On request',
];

/** What the generator knows of a product beyond the schema: for links, bundles and images. Not written out. */
export interface ProductMeta {
  kind: DeviceKind;
  /** 'device' for a configurable parent or CTO Mac, a Role for a simple product. */
  role: Role | 'device' | 'software' | 'composite';
  compat: readonly string[];
  /** Bundle pool of a configurable child: 'mac-laptop', 'mac-desktop', 'iphone', 'ipad', 'watch'. */
  devicePool?: string;
  sellable: boolean;
}

export interface Stock {
  key: AvailabilityKey;
  qty: number;
  inStock: boolean;
}

export interface Draft {
  type: ProductType;
  /** Sku prefix: letters and digits; the id in base 36 follows. */
  prefix: string;
  name: string;
  category: string;
  brand: string;
  price: PriceFields;
  attributes: AttributeValues;
  description: string;
  short: string;
  stock: Stock;
  status?: number;
  visibility?: number;
  isOld?: boolean;
  isNew?: boolean;
  flags?: readonly FlagSlug[];
  parentSku?: string | null;
  /** Days before now the product was created. */
  ageDays: number;
  meta: ProductMeta;
  /** Reserved id, when children needed it before the product was built. */
  id?: number;
}

export interface BuildContext {
  random: Random;
  now: Date;
  day: number;
  categories: CategoryIndex;
  products: CatalogProduct[];
  stockItems: StockItem[];
  meta: ProductMeta[];
  /** Role or 'dev:<pool>' or 'role|compat' -> indices into `products` of in-stock, priced candidates. */
  pools: Map<string, number[]>;
  nextId(): number;
  nextOptionId(): number;
  nextValueId(): number;
  nextLinkId(): number;
}

export const createContext = (random: Random, now: Date, categories: CategoryIndex): BuildContext => {
  let id = 0;
  let optionId = 0;
  let valueId = 0;
  let linkId = 0;
  return {
    random,
    now,
    day: dayStart(now),
    categories,
    products: [],
    stockItems: [],
    meta: [],
    pools: new Map(),
    nextId: () => (id += 1),
    nextOptionId: () => (optionId += 1),
    nextValueId: () => (valueId += 1),
    nextLinkId: () => (linkId += 1),
  };
};

const skuOf = (prefix: string, id: number): string => `${prefix}${id.toString(36).toUpperCase().padStart(5, '0')}`;

/** EAN-13 with the right check digit, from the id (Apple's GS1 prefix 0194252/0194253 style). */
const eanOf = (id: number): string => {
  const body = `0194${String(id).padStart(8, '0')}`.slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

const DAY_MS = 86_400_000;

/** Builds a full catalogue product from a draft, records its stock item and meta, and returns it. */
export const addProduct = (ctx: BuildContext, draft: Draft): CatalogProduct => {
  const id = draft.id ?? ctx.nextId();
  const sku = skuOf(draft.prefix, id);
  const slug = productSlug(draft.name);
  const lineage = ctx.categories.lineage(draft.category);
  const flags = new Set<FlagSlug>(draft.flags ?? []);
  if (draft.isNew) flags.add('new');
  if (draft.stock.key === 'Pre-order') flags.add('pre-order');
  const specialActive =
    draft.price.special_price !== null &&
    draft.price.special_price < draft.price.price &&
    isWindowOpen(draft.price.special_from_date, draft.price.special_to_date, ctx.now);
  if (specialActive) flags.add('sale');
  const attributes: AttributeValues = { ...draft.attributes };
  if (flags.size > 0) attributes.flag = [...flags].map(flagValue);
  const created = ctx.day - draft.ageDays * DAY_MS + ((id * 7919) % 1440) * 60_000;
  const updated = Math.min(ctx.day, created + ((id * 104_729) % 60) * DAY_MS);
  const image = `/images/products/${sku}.svg`;
  const product: CatalogProduct = {
    id,
    sku,
    parentSku: draft.parentSku ?? null,
    name: draft.name,
    slug,
    url_key: `${slug}-${sku.toLowerCase()}`,
    type_id: draft.type,
    tax_class_id: TAXABLE_GOODS_CLASS_ID,
    ...draft.price,
    image,
    media_gallery: [{ image, label: draft.name, vid: null }],
    description: draft.description,
    short_description: shortText(draft.short),
    meta_title: `${draft.name} | Apple Store България`,
    meta_description: metaDescription(draft.short),
    brand: draft.brand,
    ean: draft.type === 'simple' ? eanOf(id) : '',
    status: draft.status ?? 1,
    visibility: draft.visibility ?? 4,
    is_old: draft.isOld ? 1 : 0,
    category_ids: lineage.map((c) => c.id),
    category: lineage.map((c) => ({
      category_id: c.id,
      name: c.name,
      ...(c.name_en ? { name_en: c.name_en } : {}),
      slug: c.slug,
    })),
    stock: { is_in_stock: draft.stock.inStock, qty: draft.stock.qty },
    tier_prices: [],
    attributes,
    filter_options: { [draft.stock.key]: true },
    configurable_options: [],
    configurable_children: [],
    product_links: [],
    custom_options: [],
    bundle_options: [],
    downloadable_links: [],
    sale: specialActive,
    new: draft.isNew ?? false,
    promo: flags.has('special-offers'),
    cto_url: null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(Math.max(created, updated)).toISOString(),
  };
  ctx.products.push(product);
  ctx.meta.push(draft.meta);
  ctx.stockItems.push({ product_id: id, sku, is_in_stock: draft.stock.inStock, qty: draft.stock.qty });
  return product;
};

/** Adds the product's index to a bundle/grouped candidate pool. */
export const pool = (ctx: BuildContext, key: string, index: number): void => {
  const list = ctx.pools.get(key);
  if (list) list.push(index);
  else ctx.pools.set(key, [index]);
};

/** A sellable product's stock: mostly in stock; Pre-order more likely for new models. */
export const pickStock = (random: Random, isNew: boolean, forced?: AvailabilityKey): Stock => {
  const key =
    forced ?? (AVAILABILITY_KEYS[random.weighted(isNew ? [50, 10, 25, 8, 7] : [64, 12, 3, 11, 10])] as AvailabilityKey);
  return stockFor(key, random);
};

export const stockFor = (key: AvailabilityKey, random: Random): Stock => {
  switch (key) {
    case 'In stock':
      return { key, qty: random.int(4, 80), inStock: true };
    case 'Limited Qty':
      return { key, qty: random.int(1, 3), inStock: true };
    case 'Pre-order':
      // The allocation the shop may sell before the first delivery.
      return { key, qty: random.int(10, 60), inStock: true };
    case 'Back order':
      // Units on order from the distributor, sold ahead of their arrival.
      return { key, qty: random.int(2, 20), inStock: true };
    case 'On request':
      return { key, qty: 0, inStock: false };
  }
};

/** Listing visibility of a sellable product: mostly catalogue and search (4), some only one of them. */
export const pickVisibility = (random: Random): number => [4, 2, 3][random.weighted([86, 7, 7])] as number;

const WINDOWS: readonly SpecialWindow[] = ['current', 'open', 'past', 'future'];

/**
 * A special price for a regular shelf price (leva), or null. About one product in six has one; its window is now,
 * open-ended, over or yet to come. `force` picks the window (outlet stock is always discounted now).
 */
export const pickSpecial = (
  ctx: BuildContext,
  regularLeva: number,
  options: { chance?: number; force?: SpecialWindow; factor?: number } = {},
): SpecialPrice | null => {
  const { random } = ctx;
  if (regularLeva <= 0) return null;
  if (!options.force && !random.chance(options.chance ?? 0.17)) return null;
  const window = options.force ?? (WINDOWS[random.weighted([50, 10, 25, 15])] as SpecialWindow);
  const factor = options.factor ?? 0.8 + random.int(0, 15) / 100;
  const special = specialLeva(regularLeva, factor);
  return { gross: levaToStotinki(special), window, ...specialWindowDates(window, ctx.day, random) };
};

export const specialFor = (
  ctx: BuildContext,
  regularLeva: number,
  like: SpecialPrice | null,
  factor: number,
): SpecialPrice | null => (like ? { ...like, gross: levaToStotinki(specialLeva(regularLeva, factor)) } : null);

/** Group prices for business (group 2) and education (group 3) customers, net like `price`. */
export const tierPricesFor = (net: number): CatalogProduct['tier_prices'] => [
  { customer_group_id: 2, qty: 1, value: Math.round(net * 0.95) },
  { customer_group_id: 2, qty: 5, value: Math.round(net * 0.92) },
  { customer_group_id: 3, qty: 1, value: Math.round(net * 0.93) },
];

export { levaToStotinki, netOf, priceFields };
