import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { BuildContext } from './product-context.ts';

const push = (map: Map<string, number[]>, key: string, at: number) => {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
};

/**
 * Related, upsell and cross-sell links between sellable products: a device links the accessories made for it, an
 * accessory the devices it fits and its siblings, anything else its category neighbours. At most 8 related (the
 * spec shows 8), picked by rotating through the candidates so the work stays linear in the catalogue size.
 */
export const linkRelated = (ctx: BuildContext): void => {
  const { products, meta } = ctx;
  const accessories = new Map<string, number[]>();
  const devices = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  products.forEach((product, at) => {
    const m = meta[at]!;
    if (!m.sellable) return;
    push(byCategory, product.category[0]?.slug ?? '', at);
    for (const compat of m.compat) {
      if (m.role === 'device') push(devices, compat, at);
      else if (m.role !== 'composite' && m.role !== 'software') push(accessories, compat, at);
    }
  });
  const chargers = ctx.pools.get('charger') ?? [];

  products.forEach((product, at) => {
    const m = meta[at]!;
    if (!m.sellable || product.type_id === 'grouped') return;
    const links: CatalogProduct['product_links'] = [];
    const seen = new Set<number>([at]);
    const add = (type: string, list: readonly number[] | undefined, count: number) => {
      if (!list || list.length === 0) return;
      let added = 0;
      for (let i = 0; i < list.length && added < count; i += 1) {
        const other = list[(at * 31 + i) % list.length]!;
        if (seen.has(other)) continue;
        seen.add(other);
        const target = products[other]!;
        links.push({
          link_type: type,
          linked_product_sku: target.sku,
          linked_product_type: target.type_id,
          qty: 1,
          position: links.length,
        });
        added += 1;
      }
    };
    const compat = m.compat[0];
    if (m.role === 'device' && compat !== undefined) {
      add('related', accessories.get(compat), 6);
      add('upsell', byCategory.get(product.category[0]?.slug ?? ''), 2);
      add('crosssell', chargers, 1);
    } else if (compat !== undefined && m.role !== 'composite') {
      add('related', devices.get(compat), 2);
      add('related', accessories.get(compat), 4);
    } else {
      add('related', byCategory.get(product.category[0]?.slug ?? ''), 4);
    }
    product.product_links = links;
  });
};
