import type { Product, ProductLookup } from '../../../schema/catalog/product.ts';

/** A product as the cart sees it; override what the test is about. */
export const product = (overrides: Partial<Product> & Pick<Product, 'sku'>): Product => ({
  name: `Product ${overrides.sku}`,
  slug: overrides.sku.toLowerCase(),
  priceInclTax: 10_000,
  isInStock: true,
  stockQty: 10,
  image: '',
  category: 'test',
  serverSeq: 1,
  ...overrides,
});

/** A small test catalogue: one of each case the cart rules tell apart. */
export const IPHONE = product({ sku: 'IP17-256', name: 'iPhone 17, 256 GB', priceInclTax: 189_900, stockQty: 30 });
export const CASE = product({ sku: 'CASE-17', name: 'Калъф за iPhone 17', priceInclTax: 4_990, stockQty: 20 });
export const LAST_TWO = product({ sku: 'IP17PM-512', name: 'iPhone 17 Pro Max', priceInclTax: 309_900, stockQty: 2 });
export const SOLD_OUT = product({ sku: 'MAGIC-KB', isInStock: false, stockQty: 0 });
export const ZERO_STOCK = product({ sku: 'ZERO-STOCK', isInStock: true, stockQty: 0 });
export const NO_PRICE = product({ sku: 'COMING-SOON', priceInclTax: 0 });
export const WAREHOUSE = product({ sku: 'CABLE', priceInclTax: 1_990, stockQty: 5_000 });

export const catalogue = (...products: Product[]): ProductLookup => {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return (sku) => bySku.get(sku);
};

export const shop = catalogue(IPHONE, CASE, LAST_TWO, SOLD_OUT, ZERO_STOCK, NO_PRICE, WAREHOUSE);
