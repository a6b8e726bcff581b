import { attributeSchema, type AttributeInput } from '../../schema/catalog/attribute.ts';
import { catalogProductSchema, type CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { categorySchema, type CategoryInput } from '../../schema/catalog/category.ts';
import type { Product } from '../../schema/catalog/product.ts';
import { catalogSnapshotSchema, type CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import { BG_STANDARD_VAT, netForGross } from '../../schema/catalog/tax.ts';
import { productImagePath } from './product-image-path.ts';

/**
 * A small, complete catalogue (every entity kind) so a store seeded with SEED=demo, and the tests, have
 * something real to sell and browse in well under a second. The eight products and their skus, names and
 * prices are the store's original demo products; the tests and the README name them.
 */

interface DemoProductSpec {
  sku: string;
  name: string;
  /** Price with VAT, stotinki, as a shopper sees it. */
  priceInclTax: number;
  qty: number;
  categoryId: number;
  colour: string;
  attributes: Record<string, string>;
  flags?: { promo?: boolean; new?: boolean; sale?: boolean };
  related?: string[];
}

/** Tax class 2: Magento's "Taxable Goods", the class the demo tax rule covers. */
export const DEMO_TAX_CLASS_ID = 2;
const DEMO_DATE = '2025-09-01T08:00:00Z';

const DEMO_CATEGORIES: CategoryInput[] = [
  { id: 2, parent_id: 1, name: 'Apple Store', slug: 'apple-store', level: 1, position: 0, show_menu: false },
  { id: 3, parent_id: 2, name: 'MacBook', slug: 'macbook', level: 2, position: 1, show_homepage: true },
  { id: 4, parent_id: 3, name: 'MacBook Air', slug: 'macbook-air', level: 3, position: 2 },
  { id: 5, parent_id: 3, name: 'MacBook Pro', slug: 'macbook-pro', level: 3, position: 1 },
  { id: 6, parent_id: 2, name: 'iPhone', slug: 'iphone', level: 2, position: 2, show_homepage: true },
  { id: 7, parent_id: 2, name: 'iPad', slug: 'ipad', level: 2, position: 3, show_homepage: true },
  { id: 8, parent_id: 7, name: 'iPad Air', slug: 'ipad-air', level: 3, position: 1 },
  { id: 9, parent_id: 2, name: 'Apple Watch', slug: 'apple-watch', level: 2, position: 4 },
  { id: 10, parent_id: 2, name: 'Аксесоари', slug: 'aksesoari', level: 2, position: 5 },
  { id: 11, parent_id: 10, name: 'AirPods', slug: 'airpods', level: 3, position: 1 },
  { id: 12, parent_id: 10, name: 'Клавиатури и Magic Mouse', slug: 'keyboards-magic-mouse', level: 3, position: 2 },
  { id: 13, parent_id: 2, name: 'Outlet', slug: 'outlet', level: 2, position: 6, is_active: false },
].map((c) => ({
  is_active: true,
  url_key: c.slug,
  url_path: c.slug,
  path: '',
  ...c,
}));

/** '1/2/3/5': the ids from the root, as Magento writes `path`. */
const withPaths = (categories: CategoryInput[]): CategoryInput[] => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (c: CategoryInput): string => {
    const parent = byId.get(c.parent_id);
    return parent ? `${pathOf(parent)}/${c.id}` : `${c.parent_id}/${c.id}`;
  };
  return categories.map((c) => ({ ...c, path: pathOf(c) }));
};

const option = (value: string, label: string, slug: string) => ({ value, label, slug });
const DEMO_ATTRIBUTES: AttributeInput[] = [
  {
    attribute_id: 93,
    id: 93,
    attribute_code: 'cvyat',
    frontend_label: 'Цвят',
    default_frontend_label: 'Цвят',
    frontend_input: 'select',
    options: [
      option('1', 'Черен', 'cheren'),
      option('2', 'Сребрист', 'srebrist'),
      option('3', 'Оранжев', 'oranzhev'),
      option('4', 'Син', 'sin'),
      option('5', 'Бял', 'byal'),
      option('6', 'Тъмносив', 'tamnosiv'),
    ],
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    is_filterable: true,
    position: 1,
  },
  {
    attribute_id: 140,
    id: 140,
    attribute_code: 'ram',
    frontend_label: 'RAM',
    default_frontend_label: 'RAM',
    frontend_input: 'select',
    options: [option('16', '16 GB', '16-gb'), option('24', '24 GB', '24-gb')],
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    is_filterable: true,
    position: 5,
  },
  {
    attribute_id: 141,
    id: 141,
    attribute_code: 'disk',
    frontend_label: 'Диск',
    default_frontend_label: 'Диск',
    frontend_input: 'select',
    options: [
      option('128', '128 GB', '128-gb'),
      option('256', '256 GB', '256-gb'),
      option('512', '512 GB', '512-gb'),
      option('1024', '1 TB', '1-tb'),
    ],
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    is_filterable: true,
    position: 4,
  },
];

const DEMO_PRODUCT_SPECS: DemoProductSpec[] = [
  {
    sku: 'MBA13-M4-16-256',
    name: 'MacBook Air 13" M4, 16 GB, 256 GB',
    priceInclTax: 199_900,
    qty: 12,
    categoryId: 4,
    colour: '#c9d3dd',
    attributes: { cvyat: '2', ram: '16', disk: '256' },
    flags: { promo: true, new: true },
    related: ['MBP14-M4P-24-1TB', 'MAGIC-KB-BG'],
  },
  {
    sku: 'MBP14-M4P-24-1TB',
    name: 'MacBook Pro 14" M4 Pro, 24 GB, 1 TB',
    priceInclTax: 439_900,
    qty: 4,
    categoryId: 5,
    colour: '#3b3f45',
    attributes: { cvyat: '6', ram: '24', disk: '1024' },
    flags: { promo: true },
  },
  {
    sku: 'IP17-256-BLK',
    name: 'iPhone 17, 256 GB, черен',
    priceInclTax: 189_900,
    qty: 30,
    categoryId: 6,
    colour: '#1d1d1f',
    attributes: { cvyat: '1', disk: '256' },
    flags: { new: true },
    related: ['IP17PM-512-ORG', 'APP3', 'AW11-46-ALU'],
  },
  {
    sku: 'IP17PM-512-ORG',
    name: 'iPhone 17 Pro Max, 512 GB, оранжев',
    priceInclTax: 309_900,
    qty: 2,
    categoryId: 6,
    colour: '#d9743a',
    attributes: { cvyat: '3', disk: '512' },
    flags: { promo: true, new: true },
  },
  {
    sku: 'IPADAIR11-M3-128',
    name: 'iPad Air 11" M3, 128 GB',
    priceInclTax: 129_900,
    qty: 9,
    categoryId: 8,
    colour: '#8fa9c4',
    attributes: { cvyat: '4', disk: '128' },
  },
  {
    sku: 'AW11-46-ALU',
    name: 'Apple Watch Series 11, 46 мм',
    priceInclTax: 89_900,
    qty: 15,
    categoryId: 9,
    colour: '#e3c7b0',
    attributes: { cvyat: '2' },
  },
  {
    sku: 'APP3',
    name: 'AirPods Pro 3',
    priceInclTax: 49_900,
    qty: 50,
    categoryId: 11,
    colour: '#f2f2f2',
    attributes: { cvyat: '5' },
    flags: { promo: true },
    related: ['IP17-256-BLK'],
  },
  {
    sku: 'MAGIC-KB-BG',
    name: 'Magic Keyboard с Touch ID, българска подредба',
    priceInclTax: 34_900,
    qty: 0,
    categoryId: 12,
    colour: '#e8e8ed',
    attributes: { cvyat: '5' },
  },
];

const slugOf: Record<string, string> = {
  'MBA13-M4-16-256': 'macbook-air-13-m4',
  'MBP14-M4P-24-1TB': 'macbook-pro-14-m4-pro',
  'IP17-256-BLK': 'iphone-17-256',
  'IP17PM-512-ORG': 'iphone-17-pro-max-512',
  'IPADAIR11-M3-128': 'ipad-air-11-m3',
  'AW11-46-ALU': 'apple-watch-series-11-46',
  APP3: 'airpods-pro-3',
  'MAGIC-KB-BG': 'magic-keyboard-touch-id-bg',
};

/** The demo products' colours, for their generated pictures. */
export const DEMO_COLOURS: ReadonlyMap<string, string> = new Map(DEMO_PRODUCT_SPECS.map((p) => [p.sku, p.colour]));

/** The demo products as the cart sees them (tests replay carts against these without a server). */
export const DEMO_PRODUCTS: (Omit<Product, 'serverSeq' | 'image'> & { colour: string })[] = DEMO_PRODUCT_SPECS.map(
  (p) => ({
    sku: p.sku,
    name: p.name,
    slug: slugOf[p.sku]!,
    priceInclTax: p.priceInclTax,
    isInStock: p.qty > 0,
    stockQty: p.qty,
    category: DEMO_CATEGORIES.find((c) => c.id === p.categoryId)!.slug,
    colour: p.colour,
  }),
);

const demoProduct = (spec: DemoProductSpec, index: number, categories: CategoryInput[]): CatalogProduct => {
  const price = netForGross(spec.priceInclTax, BG_STANDARD_VAT);
  const category = categories.find((c) => c.id === spec.categoryId)!;
  const parentId = category.parent_id;
  const inStock = spec.qty > 0;
  return catalogProductSchema.parse({
    id: index + 1,
    sku: spec.sku,
    name: spec.name,
    slug: slugOf[spec.sku],
    url_key: slugOf[spec.sku],
    type_id: 'simple',
    tax_class_id: DEMO_TAX_CLASS_ID,
    price,
    priceInclTax: spec.priceInclTax,
    priceTax: spec.priceInclTax - price,
    image: productImagePath(spec.sku),
    media_gallery: [{ image: productImagePath(spec.sku), label: spec.name }],
    short_description: spec.name,
    description: `<p>${spec.name}. Официален внос, 2 години гаранция.</p>`,
    meta_title: spec.name,
    brand: 'Apple',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: parentId > 2 ? [parentId, spec.categoryId] : [spec.categoryId],
    category: categories
      .filter((c) => c.id === spec.categoryId || (parentId > 2 && c.id === parentId))
      .map((c) => ({ category_id: c.id, name: c.name, slug: c.slug })),
    stock: { is_in_stock: inStock, qty: spec.qty },
    attributes: spec.attributes,
    filter_options: inStock ? { 'In stock': true } : { 'On request': true },
    product_links: (spec.related ?? []).map((sku, position) => ({
      link_type: 'related',
      linked_product_sku: sku,
      linked_product_type: 'simple',
      position,
    })),
    ...spec.flags,
    created_at: DEMO_DATE,
    updated_at: DEMO_DATE,
  });
};

/** The demo catalogue, validated once when first asked for. */
let demo: CatalogSnapshot | undefined;
export const demoCatalog = (): CatalogSnapshot => {
  if (demo) return demo;
  const categories = withPaths(DEMO_CATEGORIES);
  const products = DEMO_PRODUCT_SPECS.map((spec, i) => demoProduct(spec, i, categories));
  demo = catalogSnapshotSchema.parse({
    categories: categories.map((c) => categorySchema.parse(c)),
    attributes: DEMO_ATTRIBUTES.map((a) => attributeSchema.parse(a)),
    products,
    taxRules: [
      {
        id: 1,
        code: 'ДДС 20%',
        product_tax_class_ids: [DEMO_TAX_CLASS_ID],
        rates: [{ code: 'BG-20', rate: BG_STANDARD_VAT, tax_country_id: 'BG' }],
      },
    ],
    stockItems: products.map((p) => ({ product_id: p.id, sku: p.sku, ...p.stock })),
    cmsPages: [
      cmsPage(1, 'about-us', 'За нас', '<p>Apple Store България: оторизиран търговец на Apple от 2009 г.</p>'),
      cmsPage(2, 'guarantee', 'Гаранция', '<p>Всички продукти имат 2 години гаранция.</p>'),
      cmsPage(3, 'delivery', 'Доставка', '<p>Доставка до 2 работни дни в цялата страна.</p>'),
      { ...cmsPage(4, 'summer-2024', 'Лятна промоция 2024', '<p>Приключила.</p>'), active: false },
    ],
    cmsBlocks: [
      {
        id: 1,
        identifier: 'contact_info',
        title: 'Контакти',
        content: 'тел. 0700 10 800 · shop@apple-store.bg · София, бул. Витоша 1',
      },
      {
        id: 2,
        identifier: 'footer_links',
        title: 'Полезно',
        content: '<ul><li><a href="/guarantee">Гаранция</a></li></ul>',
      },
    ],
    banners: [
      { id: 1, image: productImagePath('IP17PM-512-ORG'), title: 'iPhone 17 Pro', link: '/iphone', position: 1 },
      { id: 2, image: productImagePath('MBA13-M4-16-256'), title: 'MacBook Air M4', link: '/macbook-air', position: 2 },
      {
        id: 3,
        image: productImagePath('APP3'),
        title: 'AirPods Pro 3',
        subtitle: 'С 10% отстъпка при абонамент',
        link: '/airpods',
        placement: 'promo',
      },
    ],
    blogPosts: [
      blogPost(1, 'iphone-17-review', 'iPhone 17: първи впечатления', ['iphone'], '2025-09-20T09:00:00Z'),
      blogPost(2, 'macbook-air-m4', 'MacBook Air M4 в училище', ['mac'], '2025-10-02T09:00:00Z'),
      blogPost(3, 'airpods-pro-3-tips', '5 съвета за AirPods Pro 3', ['airpods', 'iphone'], '2025-10-15T09:00:00Z'),
    ],
    reviews: [
      review(1, 7, 'Чудесен звук', 1, 5),
      review(2, 7, 'Шумопотискането е страхотно', 1, 4),
      review(3, 7, 'Чака одобрение', 2, 3),
      review(4, 3, 'Батерията издържа цял ден', 1, 5),
    ],
  });
  return demo;
};

const cmsPage = (id: number, slug: string, title: string, content: string) => ({
  id,
  identifier: slug,
  slug,
  title,
  content_heading: title,
  content,
  meta_title: title,
});

const blogPost = (id: number, slug: string, title: string, tags: string[], publishedAt: string) => ({
  id,
  slug,
  title,
  excerpt: title,
  content: `<p>${title}</p>`,
  tags,
  published_at: publishedAt,
});

const review = (id: number, productId: number, title: string, status: number, rating: number) => ({
  id,
  product_id: productId,
  title,
  detail: title,
  nickname: 'Клиент',
  rating,
  review_status: status,
  created_at: DEMO_DATE,
});
