import type { ShortlistProduct } from '../../schema/catalog/shortlist-product.ts';

/** A product as a shortlist keeps it (what `wishlist.add` carries). */
export const snapshot = (sku: string, name = `Продукт ${sku}`): ShortlistProduct => ({
  sku,
  parentSku: null,
  name,
  slug: `produkt-${sku.toLowerCase()}`,
  url_key: `produkt-${sku.toLowerCase()}`,
  image: `/images/products/${sku}.svg`,
  priceInclTax: 199_900,
  specialPriceInclTax: null,
  special_from_date: null,
  special_to_date: null,
  attributes: {},
});

/** The payload of saving `sku`. */
export const saving = (sku: string) => ({ sku, product: snapshot(sku) });
