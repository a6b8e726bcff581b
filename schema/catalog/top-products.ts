import type { CatalogProduct } from './catalog-product.ts';

/** The category of open-box, refurbished and display units (the generated catalogue's `outlet`). */
export const OUTLET_CATEGORY_SLUG = 'outlet';

type Candidate = Pick<CatalogProduct, 'id' | 'category'>;

export const isOutletProduct = (product: Pick<CatalogProduct, 'category'>): boolean =>
  product.category.some((c) => c.slug === OUTLET_CATEGORY_SLUG);

/** The group a product takes its turn in: its first category (what its tile names). */
const groupOf = (product: Candidate): string => product.category[0]?.slug ?? '';

/**
 * Home's "Топ продукти" (issue 29, item 18) of the candidates (listable, in stock, on promotion): the shop's
 * offers across its range, not the first N by id, which on the generated catalogue were all outlet machines
 * (their ids come first). The catalogue carries no sales counts a device could rank by offline, so the rule is
 * what the catalogue says about itself: one product of each category in turn (each category's lowest id first,
 * categories in the order of their first product), new products before outlet units, and outlet units only to
 * fill the row when there are not enough others. The server's init route orders the same way in SQL
 * (sync-server/catalog/routes/init.ts); the device builds home offline with this.
 */
export const chooseTopProducts = <T extends Candidate>(candidates: readonly T[], max: number): T[] => {
  const sorted = [...candidates].sort((a, b) => a.id - b.id);
  const rank = new Map<T, { outlet: number; turn: number; first: number }>();
  const groups = new Map<string, { count: number; first: number }>();
  for (const product of sorted) {
    const outlet = isOutletProduct(product) ? 1 : 0;
    const key = `${outlet}:${groupOf(product)}`;
    const group = groups.get(key) ?? { count: 0, first: product.id };
    group.count += 1;
    groups.set(key, group);
    rank.set(product, { outlet, turn: group.count, first: group.first });
  }
  const keyOf = (product: T) => rank.get(product)!;
  return sorted
    .sort((a, b) => {
      const x = keyOf(a);
      const y = keyOf(b);
      return x.outlet - y.outlet || x.turn - y.turn || x.first - y.first || a.id - b.id;
    })
    .slice(0, max);
};
