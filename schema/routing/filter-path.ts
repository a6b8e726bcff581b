import type { Attribute } from '../catalog/attribute.ts';
import { PRICE_FILTER_CODE, type PriceRangeFilter } from '../search/query.ts';
import { decodeSegment } from '../catalog/rules/product-address.ts';
import { bgnToEurCents, levBoundOfEuro } from '../money/currency.ts';

/**
 * The filter part of a category route (spec section 2, "Filter segments"): "A filter parameter is a slash-separated
 * list of segments shaped attribute-value (attribute slug). The price segment is cena-from-to. The first segment
 * containing 'inch' is read as the display-size attribute (displey), and its slug is placed first. Segments are
 * kept sorted."
 *
 * Decisions:
 * - A segment is `{attribute_code}-{option slug}`. Attribute codes may themselves contain hyphens: the split is the
 *   longest known attribute code whose remainder is one of that attribute's option slugs.
 * - The price segment is `cena-{from}-{to}` in euro, the shop's currency, as the price buckets read ('900 - 1 200 €'
 *   is `cena-900-1200`; issue 29, item 6). The query carries the lev bounds of those euro amounts
 *   (`levBoundOfEuro`: the lev prices whose euro price is in the range). A bound may carry up to 2 decimals
 *   (`cena-99.90-200`) and may be empty for an open bound (`cena-1000-`, `cena--500`).
 * - The display size is written as the bare option slug (`/13-inch`) before every other segment. Only the first
 *   displey value is written bare; further displey values are written `displey-{slug}` among the sorted rest.
 *   Reading is lenient: any segment that is not `attribute-value` but is a displey option slug is displey.
 * - The remaining segments are sorted by plain code-unit order and deduplicated.
 * - Reading never throws: segments it cannot place are returned in `unknown`, in the order met. Writing drops
 *   values it cannot write (an attribute or an option value the attribute list does not know).
 */

/** Spec: the display-size attribute that 'inch' segments belong to. */
export const DISPLAY_SIZE_CODE = 'displey';
const INCH = 'inch';

export interface ParsedFilterPath {
  /** Attribute code -> chosen option values (not slugs), as the search query's `filters` holds them. */
  readonly filters: Record<string, string[]>;
  /** The `cena` range in stotinki, the lev bounds of the address's euro amounts (from inclusive, to exclusive; null is open). */
  readonly price?: PriceRangeFilter;
  /** Segments that matched no attribute option or no valid price, as written in the path. */
  readonly unknown: string[];
}

const EURO = /^(?:\d{1,10}(?:\.\d{1,2})?)?$/;

/** '1000' (euro) -> the lev bound of 1 000 € (stotinki); '' -> open; undefined when unreadable. */
const euroToLevBound = (text: string): number | null | undefined => {
  if (!EURO.test(text)) return undefined;
  if (text === '') return null;
  return levBoundOfEuro(Math.round(Number(text) * 100));
};

/** A lev bound -> the euro amount it stands for, whole when it is. */
const levBoundToEuro = (amount: number | null): string => {
  if (amount === null) return '';
  const cents = bgnToEurCents(amount);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
};

/** `cena-{from}-{to}` -> the range, or undefined when the segment is not a valid price range. */
const parsePrice = (segment: string): PriceRangeFilter | undefined => {
  const prefix = `${PRICE_FILTER_CODE}-`;
  if (!segment.startsWith(prefix)) return undefined;
  const bounds = segment.slice(prefix.length).split('-');
  if (bounds.length !== 2) return undefined;
  const from = euroToLevBound(bounds[0] ?? '');
  const to = euroToLevBound(bounds[1] ?? '');
  if (from === undefined || to === undefined) return undefined;
  if (from === null && to === null) return undefined;
  if (from !== null && to !== null && from >= to) return undefined;
  return { from, to };
};

const formatPrice = (price: PriceRangeFilter): string | undefined => {
  if (price.from === null && price.to === null) return undefined;
  return `${PRICE_FILTER_CODE}-${levBoundToEuro(price.from)}-${levBoundToEuro(price.to)}`;
};

interface AttributeIndex {
  /** code -> option slug -> option value */
  readonly bySlug: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** code -> option value -> option slug */
  readonly byValue: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

const indexAttributes = (attributes: readonly Attribute[]): AttributeIndex => {
  const bySlug = new Map<string, Map<string, string>>();
  const byValue = new Map<string, Map<string, string>>();
  for (const attribute of attributes) {
    if (attribute.attribute_code === PRICE_FILTER_CODE) continue;
    const slugs = new Map<string, string>();
    const values = new Map<string, string>();
    for (const option of attribute.options) {
      if (option.slug === '') continue;
      if (!slugs.has(option.slug)) slugs.set(option.slug, option.value);
      if (!values.has(option.value)) values.set(option.value, option.slug);
    }
    bySlug.set(attribute.attribute_code, slugs);
    byValue.set(attribute.attribute_code, values);
  }
  return { bySlug, byValue };
};

/** `code-slug` with the longest known code whose remainder is an option slug of it. */
const parseAttributeSegment = (segment: string, index: AttributeIndex): { code: string; value: string } | undefined => {
  for (let cut = segment.lastIndexOf('-'); cut > 0; cut = segment.lastIndexOf('-', cut - 1)) {
    const code = segment.slice(0, cut);
    const value = index.bySlug.get(code)?.get(segment.slice(cut + 1));
    if (value !== undefined) return { code, value };
  }
  return undefined;
};

/** Reads the filter part of a category path ('13-inch/cvyat-cheren/cena-1000-2000'); never throws. */
export const parseFilterPath = (path: string, attributes: readonly Attribute[]): ParsedFilterPath => {
  const index = indexAttributes(attributes);
  const filters: Record<string, string[]> = {};
  const unknown: string[] = [];
  let price: PriceRangeFilter | undefined;
  let inchSeen = false;
  const add = (code: string, value: string): void => {
    const values = (filters[code] ??= []);
    if (!values.includes(value)) values.push(value);
  };
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    const segment = decodeSegment(raw).toLowerCase();
    const displaySizes = index.bySlug.get(DISPLAY_SIZE_CODE);
    if (!inchSeen && segment.includes(INCH)) {
      inchSeen = true;
      // The first 'inch' segment is the display size, bare ('13-inch') or spelled out ('displey-13-inch').
      const bare = displaySizes?.get(segment);
      if (bare !== undefined) {
        add(DISPLAY_SIZE_CODE, bare);
        continue;
      }
    }
    if (segment.startsWith(`${PRICE_FILTER_CODE}-`)) {
      const range = parsePrice(segment);
      if (range && !price) price = range;
      else unknown.push(raw);
      continue;
    }
    const pair = parseAttributeSegment(segment, index);
    if (pair) {
      add(pair.code, pair.value);
      continue;
    }
    const bareDisplay = displaySizes?.get(segment);
    if (bareDisplay !== undefined) add(DISPLAY_SIZE_CODE, bareDisplay);
    else unknown.push(raw);
  }
  return price ? { filters, price, unknown } : { filters, unknown };
};

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Writes filters and a price range as the canonical filter part, without a leading slash ('' for no filters):
 * the first display size bare and first, then every other segment sorted.
 */
export const formatFilterPath = (
  filters: Readonly<Record<string, readonly string[]>>,
  price: PriceRangeFilter | undefined,
  attributes: readonly Attribute[],
): string => {
  const index = indexAttributes(attributes);
  const segments = new Set<string>();
  let display: string | undefined;
  for (const [code, values] of Object.entries(filters)) {
    const slugs = index.byValue.get(code);
    if (!slugs) continue;
    const written = values.map((value) => slugs.get(value)).filter((slug) => slug !== undefined);
    for (const slug of written.sort(byCodeUnits)) {
      if (code === DISPLAY_SIZE_CODE && display === undefined) display = slug;
      else if (slug !== display || code !== DISPLAY_SIZE_CODE) segments.add(`${code}-${slug}`);
    }
  }
  const priceSegment = price ? formatPrice(price) : undefined;
  if (priceSegment) segments.add(priceSegment);
  const sorted = [...segments].sort(byCodeUnits);
  return (display === undefined ? sorted : [display, ...sorted]).join('/');
};

/** How many segments the filters and price make (the SEO rule counts segments). */
export const filterSegmentCount = (
  filters: Readonly<Record<string, readonly string[]>>,
  price?: PriceRangeFilter,
): number => {
  let count = 0;
  for (const [code, values] of Object.entries(filters)) if (code !== PRICE_FILTER_CODE) count += new Set(values).size;
  if (price && (price.from !== null || price.to !== null)) count += 1;
  return count;
};
