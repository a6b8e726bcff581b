import {
  catalogProductSchema,
  type CatalogProduct,
  type CatalogProductInput,
} from '../../schema/catalog/catalog-product.ts';
import type { CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import { addTax } from '../../schema/catalog/tax.ts';
import { DEMO_TAX_CLASS_ID } from '../../sync-server/catalog/demo-catalog.ts';

/** Catalogue data the catalogue tests add to the demo catalogue (imported by catalog-*.test.ts only). */

const DAY = 86_400_000;
export const isoDaysFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

export const emptySnapshot = (): CatalogSnapshot => ({
  categories: [],
  attributes: [],
  products: [],
  cmsPages: [],
  cmsBlocks: [],
  banners: [],
  blogPosts: [],
  reviews: [],
  taxRules: [],
  stockItems: [],
});

/** A simple, enabled, listable product in the iPhone category (6) unless told otherwise; price net stotinki. */
export const testProduct = (
  input: Partial<CatalogProductInput> & Pick<CatalogProductInput, 'id' | 'sku'>,
): CatalogProduct => {
  const price = input.price ?? 100_000;
  return catalogProductSchema.parse({
    name: `Тестов продукт ${input.sku}`,
    slug: `test-${input.sku.toLowerCase()}`,
    url_key: `test-${input.sku.toLowerCase()}`,
    type_id: 'simple',
    tax_class_id: DEMO_TAX_CLASS_ID,
    price,
    priceInclTax: addTax(price, 20),
    priceTax: addTax(price, 20) - price,
    image: '',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [6],
    category: [{ category_id: 6, name: 'iPhone', slug: 'iphone' }],
    stock: { is_in_stock: true, qty: 10 },
    filter_options: { 'In stock': true },
    created_at: '2025-10-01T00:00:00Z',
    updated_at: '2025-10-01T00:00:00Z',
    ...input,
  });
};

/**
 * A configurable iPhone with three variants: 'IP17P-256-SLV' on a special price valid today (119,900.00
 * net -> 99,900 net special), 'IP17P-512-BLU' at its normal price (its special price window has ended),
 * and 'IP17P-1TB-ORG' disabled.
 */
export const CONFIGURABLE_SKU = 'IP17P';
export const ON_SALE_CHILD = 'IP17P-256-SLV';
export const EXPIRED_SALE_CHILD = 'IP17P-512-BLU';
export const DISABLED_CHILD = 'IP17P-1TB-ORG';

const child = (id: number, sku: string, price: number, extra: Record<string, unknown> = {}) => ({
  id,
  sku,
  name: `iPhone 17 Pro ${sku}`,
  image: '',
  status: 1,
  stock: { is_in_stock: true, qty: 5 },
  attributes: {},
  price,
  ...extra,
});

export const configurableIphone = (): CatalogProduct =>
  testProduct({
    id: 100,
    sku: CONFIGURABLE_SKU,
    name: 'iPhone 17 Pro',
    type_id: 'configurable',
    price: 119_900,
    configurable_options: [
      { attribute_id: 141, attribute_code: 'disk', label: 'Диск', values: [{ value_index: '256', label: '256 GB' }] },
    ],
    configurable_children: [
      child(101, ON_SALE_CHILD, 119_900, {
        special_price: 99_900,
        special_from_date: isoDaysFromNow(-1),
        special_to_date: isoDaysFromNow(1),
        attributes: { disk: '256' },
      }),
      child(102, EXPIRED_SALE_CHILD, 149_900, {
        special_price: 129_900,
        special_from_date: isoDaysFromNow(-10),
        special_to_date: isoDaysFromNow(-2),
        attributes: { disk: '512' },
      }),
      child(103, DISABLED_CHILD, 179_900, { status: 2, attributes: { disk: '1024' } }),
    ],
  });
