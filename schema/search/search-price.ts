import type { CatalogProduct } from '../catalog/catalog-product.ts';
import { lowestPricedChild } from '../catalog/rules/configurable-price.ts';
import { effectivePrice } from '../catalog/rules/effective-price.ts';
import { isEnabledStatus } from '../catalog/rules/product-status.ts';
import { priceBucketLabel } from '../catalog/rules/price-range.ts';
import { dateBoundInstant, SHOP_TIME_ZONE } from '../catalog/rules/shop-time.ts';
import { ALL_GROUPS, tierUnitPrice } from '../catalog/rules/tier-price.ts';

/**
 * The price a listing sorts, filters and buckets by: what the shopper pays for one unit, with VAT, in stotinki.
 * It is the price the tile shows: the special price while it applies, and for a configurable product its
 * lowest-priced enabled child's (spec section 4). A customer group with a tier price for one unit pays that
 * tier instead when it is lower (price tiers, spec section 6).
 */

/** Net stotinki -> VAT-inclusive, at the product's own ratio (for figures the tax step left without VAT). */
export const grossAtProductRate = (net: number, product: Pick<CatalogProduct, 'price' | 'priceInclTax'>): number =>
  product.price > 0 ? Math.round((net * product.priceInclTax) / product.price) : net;

interface NetAndGross {
  readonly net: number;
  readonly gross: number;
}

const finalOf = (original: CatalogProduct, now: Date, timeZone: string): NetAndGross => {
  const product = withInstantWindows(original, timeZone);
  if (product.type_id === 'configurable') {
    const child = lowestPricedChild(product, now, timeZone);
    if (child) {
      const net = child.price.finalPrice;
      return { net, gross: child.price.finalPriceInclTax ?? grossAtProductRate(net, product) };
    }
  }
  const own = effectivePrice(product, now, timeZone);
  return { net: own.finalPrice, gross: own.finalPriceInclTax ?? grossAtProductRate(own.finalPrice, product) };
};

export interface SearchPrices {
  /** The VAT-inclusive final price for a shopper without a customer group. */
  readonly base: number;
  /**
   * Customer group -> its VAT-inclusive price, only for groups whose one-unit tier is below the base
   * (`ALL_GROUPS` stands for every group).
   */
  readonly groups: ReadonlyMap<number, number>;
}

export const searchPricesOf = (product: CatalogProduct, now: Date, timeZone: string = SHOP_TIME_ZONE): SearchPrices => {
  const final = finalOf(product, now, timeZone);
  const groups = new Map<number, number>();
  for (const group of new Set(product.tier_prices.map((t) => t.customer_group_id))) {
    const net = tierUnitPrice(product.tier_prices, group, 1, final.net);
    if (net < final.net) groups.set(group, grossAtProductRate(net, product));
  }
  return { base: final.gross, groups };
};

/** The price for a group, from the prices `searchPricesOf` gave. */
export const groupPrice = (prices: SearchPrices, customerGroupId: number | undefined): number => {
  if (customerGroupId === undefined) return prices.base;
  const own = prices.groups.get(customerGroupId);
  const all = prices.groups.get(ALL_GROUPS);
  return Math.min(prices.base, own ?? Infinity, all ?? Infinity);
};

export const searchPriceOf = (
  product: CatalogProduct,
  now: Date,
  customerGroupId?: number,
  timeZone: string = SHOP_TIME_ZONE,
): number => groupPrice(searchPricesOf(product, now, timeZone), customerGroupId);

const boundCache = new Map<string, number | null>();
const cachedBound = (text: string, edge: 'from' | 'to', timeZone: string): number | null => {
  const key = `${edge}|${timeZone}|${text}`;
  let instant = boundCache.get(key);
  if (instant === undefined) {
    instant = dateBoundInstant(text, edge, timeZone);
    if (boundCache.size > 10_000) boundCache.clear();
    boundCache.set(key, instant);
  }
  return instant;
};

type Priced = Pick<CatalogProduct, 'price' | 'special_price' | 'special_from_date' | 'special_to_date'>;

const hasSpecialPrice = (fields: Priced): boolean =>
  fields.special_price !== null && fields.special_price > 0 && fields.special_price < fields.price;

const instantText = (text: string | null, edge: 'from' | 'to', timeZone: string): string | null => {
  if (text === null) return null;
  const instant = cachedBound(text, edge, timeZone);
  // An unreadable bound stays as it is, for the price rule to refuse.
  return instant === null ? text : new Date(instant).toISOString();
};

/**
 * The same price fields with the window's bounds as UTC instants ('...Z'), which the shop-time rule reads
 * without a time-zone lookup: working out Sofia's offset costs a formatter call per bound, and a catalogue
 * repeats a handful of promotion dates over thousands of products. Same instants, so the same answer.
 */
const withInstantWindow = <T extends Priced>(fields: T, timeZone: string): T =>
  !hasSpecialPrice(fields) || (fields.special_from_date === null && fields.special_to_date === null)
    ? fields
    : {
        ...fields,
        special_from_date: instantText(fields.special_from_date, 'from', timeZone),
        special_to_date: instantText(fields.special_to_date, 'to', timeZone),
      };

const withInstantWindows = (product: CatalogProduct, timeZone: string): CatalogProduct => {
  const own = withInstantWindow(product, timeZone);
  if (product.type_id !== 'configurable' || !product.configurable_children.some(hasSpecialPrice)) return own;
  return { ...own, configurable_children: product.configurable_children.map((c) => withInstantWindow(c, timeZone)) };
};

const labels = new Map<number, Map<number, string>>();
/** `priceBucketLabel` (euro cents, bg-BG), remembered: listings repeat them. */
export const cachedPriceBucketLabel = (from: number, to: number): string => {
  let byTo = labels.get(from);
  if (!byTo) labels.set(from, (byTo = new Map()));
  let label = byTo.get(to);
  if (label === undefined) {
    if (labels.size > 5_000) labels.clear();
    byTo.set(to, (label = priceBucketLabel(from, to)));
  }
  return label;
};

const nextChangeOf = (fields: Priced, after: number, timeZone: string): number => {
  if (!hasSpecialPrice(fields)) return Infinity;
  let next = Infinity;
  const from = fields.special_from_date === null ? null : cachedBound(fields.special_from_date, 'from', timeZone);
  const to = fields.special_to_date === null ? null : cachedBound(fields.special_to_date, 'to', timeZone);
  if (from !== null && from > after) next = Math.min(next, from);
  if (to !== null && to + 1 > after) next = Math.min(next, to + 1);
  return next;
};

/**
 * The first instant after `now` at which the product's search price may change (a special price window of it
 * or of a child opens or closes), epoch ms; Infinity when none will. Engines reprice when it passes.
 */
export const priceValidUntil = (product: CatalogProduct, now: Date, timeZone: string = SHOP_TIME_ZONE): number => {
  const at = now.getTime();
  let next = nextChangeOf(product, at, timeZone);
  if (product.type_id === 'configurable') {
    for (const child of product.configurable_children) {
      if (isEnabledStatus(child.status)) next = Math.min(next, nextChangeOf(child, at, timeZone));
    }
  }
  return next;
};
