import {
  catalogProductSchema,
  type CatalogProduct,
  type CatalogProductInput,
} from '../../../schema/catalog/catalog-product.ts';
import { categorySchema, type Category } from '../../../schema/catalog/category.ts';
import type { SearchQueryInput } from '../../../schema/search/query.ts';

/** A fixed clock for the special price windows: 15 March 2026, noon in Sofia. */
export const NOW = new Date('2026-03-15T10:00:00Z');

const category = (id: number, parent: number, name: string, slug: string): Category =>
  categorySchema.parse({
    id,
    parent_id: parent,
    name,
    slug,
    url_key: slug,
    url_path: slug,
    path: `1/2/${id}`,
    level: 2,
    position: id,
    is_active: true,
  });

/** Laptops > MacBook > Air / Pro; Phones > iPhone; Accessories > Cases, Chargers. */
export const CATEGORIES: Category[] = [
  category(10, 2, 'Лаптопи', 'laptopi'),
  category(11, 10, 'MacBook', 'macbook'),
  category(12, 11, 'MacBook Air', 'macbook-air'),
  category(13, 11, 'MacBook Pro', 'macbook-pro'),
  category(20, 2, 'Телефони', 'telefoni'),
  category(21, 20, 'iPhone', 'iphone'),
  category(30, 2, 'Аксесоари', 'aksesoari'),
  category(31, 30, 'Калъфи', 'kalafi'),
  category(32, 30, 'Зарядни', 'zaryadni'),
  category(40, 2, 'Аутлет', 'outlet'),
];
const byId = new Map(CATEGORIES.map((c) => [c.id, c]));

/** A product parsed by the real schema (so every default applies); `price` is net, VAT 20% added. */
export const product = (
  fields: Partial<CatalogProductInput> & { id: number; sku: string; name: string; categoryId: number; gross: number },
): CatalogProduct => {
  const { categoryId, gross, ...rest } = fields;
  const net = Math.round(gross / 1.2);
  const cat = byId.get(categoryId);
  return catalogProductSchema.parse({
    slug: fields.sku.toLowerCase(),
    url_key: fields.sku.toLowerCase(),
    type_id: 'simple',
    tax_class_id: 2,
    price: net,
    priceInclTax: gross,
    priceTax: gross - net,
    image: '',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [categoryId],
    category: cat ? [{ category_id: cat.id, name: cat.name, slug: cat.slug }] : [],
    stock: { is_in_stock: true, qty: 5 },
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    ...rest,
  });
};

export const AIR = product({
  id: 101,
  sku: 'MBA13-M4-16-256',
  name: 'MacBook Air 13" M4, 16 GB, 256 GB',
  categoryId: 12,
  gross: 199_900,
  attributes: { cvyat: 'silver', ram: '16gb', disk: '256gb', model: 'a3240' },
});
export const PRO = product({
  id: 102,
  sku: 'MBP14-M4P-24-1TB',
  name: 'MacBook Pro 14" M4 Pro, 24 GB, 1 TB',
  categoryId: 13,
  gross: 439_900,
  attributes: { cvyat: 'black', ram: '24gb', disk: '1tb', model: 'a3185' },
});
export const IPHONE = product({
  id: 201,
  sku: 'IP17-256-BLK',
  name: 'iPhone 17, 256 GB, черен',
  categoryId: 21,
  gross: 189_900,
  attributes: { cvyat: 'black', disk: '256gb' },
});
/** A configurable: its children offer the colours. */
export const IPHONE_PRO = product({
  id: 202,
  sku: 'IP17P',
  name: 'iPhone 17 Pro',
  categoryId: 21,
  gross: 249_900,
  type_id: 'configurable',
  attributes: {},
  configurable_children: [
    {
      id: 2021,
      sku: 'IP17P-ORG',
      name: 'iPhone 17 Pro оранжев',
      image: '',
      status: 1,
      stock: { is_in_stock: true, qty: 2 },
      attributes: { cvyat: 'orange' },
      price: 208_250,
      priceInclTax: 249_900,
    },
    {
      id: 2022,
      sku: 'IP17P-BLU',
      name: 'iPhone 17 Pro син',
      image: '',
      status: 1,
      stock: { is_in_stock: true, qty: 2 },
      attributes: { cvyat: 'blue' },
      price: 199_917,
      priceInclTax: 239_900,
    },
    {
      id: 2023,
      sku: 'IP17P-GRN',
      name: 'iPhone 17 Pro зелен (спрян)',
      image: '',
      status: 2,
      stock: { is_in_stock: true, qty: 2 },
      attributes: { cvyat: 'green' },
      price: 100_000,
      priceInclTax: 120_000,
    },
  ],
});
export const CASE = product({
  id: 301,
  sku: 'CASE-17',
  name: 'Калъф за iPhone 17',
  categoryId: 31,
  gross: 4_990,
  attributes: { cvyat: 'black' },
});
/** Name "Зарядни ..." in the cables category; the charger is only in the "Зарядни" category. */
export const CABLE = product({ id: 302, sku: 'CBL-USBC', name: 'Зарядни кабели USB-C', categoryId: 30, gross: 3_990 });
/** Customer group 3 pays 25 лв net (30 лв with VAT) through a one-unit tier price. */
export const CHARGER = product({
  id: 303,
  sku: 'MAGSAFE',
  name: 'MagSafe Charger',
  categoryId: 32,
  gross: 8_990,
  tier_prices: [{ customer_group_id: 3, qty: 1, value: 2_500 }],
});
/** On sale now: 1 799 лв instead of 2 199 лв. */
export const SALE = product({
  id: 103,
  sku: 'MBA15-SALE',
  name: 'MacBook Air 15" M3',
  categoryId: 12,
  gross: 219_900,
  special_price: 149_917,
  specialPriceInclTax: 179_900,
  special_from_date: '2026-03-01',
  special_to_date: '2026-03-31',
  attributes: { cvyat: 'silver', ram: '16gb' },
});

// Products the rules keep out of some or all results.
export const OLD = product({
  id: 104,
  sku: 'MBA-2017',
  name: 'MacBook Air 2017',
  categoryId: 12,
  gross: 99_900,
  is_old: 1,
});
export const DISABLED = product({
  id: 105,
  sku: 'MBP-OFF',
  name: 'MacBook Pro изключен',
  categoryId: 13,
  gross: 1,
  status: 2,
});
export const NOT_VISIBLE = product({
  id: 106,
  sku: 'MBP-CHILD',
  name: 'MacBook Pro вариант',
  categoryId: 13,
  gross: 1,
  visibility: 1,
});
/** Catalogue only (visibility 2): listed, never a search result. */
export const CATALOG_ONLY = product({
  id: 107,
  sku: 'MBP-CAT',
  name: 'MacBook Pro каталог',
  categoryId: 13,
  gross: 300_000,
  visibility: 2,
});
/** Status 0: listed, never a search result (search wants status 1). */
export const STATUS_ZERO = product({
  id: 108,
  sku: 'MBP-ST0',
  name: 'MacBook Pro статус нула',
  categoryId: 13,
  gross: 310_000,
  status: 0,
});
export const SOLD_OUT = product({
  id: 109,
  sku: 'MBP-SOLD',
  name: 'MacBook Pro изчерпан',
  categoryId: 13,
  gross: 320_000,
  stock: { is_in_stock: false, qty: 0 },
});

export const CATALOGUE: CatalogProduct[] = [
  PRO,
  AIR,
  IPHONE,
  IPHONE_PRO,
  CASE,
  CABLE,
  CHARGER,
  SALE,
  OLD,
  DISABLED,
  NOT_VISIBLE,
  CATALOG_ONLY,
  STATUS_ZERO,
  SOLD_OUT,
];

/**
 * The cases both engines are checked on: the embedded engine by its answers, the Elasticsearch engine by the
 * request it builds for the same query.
 */
export const CASES = {
  listing: { mode: 'listing' },
  listingInStockOnly: { mode: 'listing', outOfStockListing: false },
  search: { mode: 'search', text: 'macbook' },
  tooShort: { mode: 'search', text: ' ip ' },
  categoryWithDescendants: { categoryId: 11 },
  filtered: { categoryId: 2, filters: { cvyat: ['black'] }, populateAggregations: true },
  priceRange: { price: { from: 150_000, to: 200_000 } },
  priceAsc: { sort: 'price-asc', categoryId: 11 },
  priceDesc: { sort: 'price-desc', categoryId: 11 },
  pageSizeZero: { perPage: 0, current: -5 },
  page2: { categoryId: 13, current: 2, perPage: 2 },
  fuzzyLatin: { mode: 'search', text: 'macbok' },
  fuzzyCyrillic: { mode: 'search', text: 'Калъфф' },
  threeTerms: { mode: 'search', text: 'macbook pro 14' },
  groupPrice: { sort: 'price-asc', categoryId: 30, customerGroupId: 3 },
} satisfies Record<string, SearchQueryInput>;
