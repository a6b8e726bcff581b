import { attributeSchema, type AttributeInput } from '../../schema/catalog/attribute.ts';
import {
  catalogProductSchema,
  type CatalogProduct,
  type CatalogProductInput,
} from '../../schema/catalog/catalog-product.ts';
import { categorySchema, type CategoryInput } from '../../schema/catalog/category.ts';
import type { Product } from '../../schema/catalog/product.ts';
import { catalogSnapshotSchema, type CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import { BG_STANDARD_VAT, netForGross } from '../../schema/catalog/tax.ts';
import { productSlug } from '../../schema/catalog/slug.ts';
import { contactLine } from '../../schema/shop/index.ts';
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
  /** Fields beyond a plain simple product's (a gallery, custom options), as the catalogue model takes them. */
  extra?: Partial<CatalogProductInput>;
}

/** Tax class 2: Magento's "Taxable Goods", the class the demo tax rule covers. */
export const DEMO_TAX_CLASS_ID = 2;
const DEMO_DATE = '2025-09-01T08:00:00Z';

const DEMO_CATEGORIES: CategoryInput[] = [
  {
    id: 2,
    parent_id: 1,
    name: 'Apple Store',
    name_en: 'Apple Store',
    slug: 'apple-store',
    level: 1,
    position: 0,
    show_menu: false,
  },
  {
    id: 3,
    parent_id: 2,
    name: 'MacBook',
    name_en: 'MacBook',
    slug: 'macbook',
    level: 2,
    position: 1,
    show_homepage: true,
  },
  { id: 4, parent_id: 3, name: 'MacBook Air', name_en: 'MacBook Air', slug: 'macbook-air', level: 3, position: 2 },
  { id: 5, parent_id: 3, name: 'MacBook Pro', name_en: 'MacBook Pro', slug: 'macbook-pro', level: 3, position: 1 },
  {
    id: 6,
    parent_id: 2,
    name: 'iPhone',
    name_en: 'iPhone',
    slug: 'iphone',
    level: 2,
    position: 2,
    show_homepage: true,
  },
  { id: 7, parent_id: 2, name: 'iPad', name_en: 'iPad', slug: 'ipad', level: 2, position: 3, show_homepage: true },
  { id: 8, parent_id: 7, name: 'iPad Air', name_en: 'iPad Air', slug: 'ipad-air', level: 3, position: 1 },
  { id: 9, parent_id: 2, name: 'Apple Watch', name_en: 'Apple Watch', slug: 'apple-watch', level: 2, position: 4 },
  { id: 10, parent_id: 2, name: 'Аксесоари', name_en: 'Accessories', slug: 'aksesoari', level: 2, position: 5 },
  { id: 11, parent_id: 10, name: 'AirPods', name_en: 'AirPods', slug: 'airpods', level: 3, position: 1 },
  {
    id: 12,
    parent_id: 10,
    name: 'Клавиатури и Magic Mouse',
    name_en: 'Keyboards and Magic Mouse',
    slug: 'keyboards-magic-mouse',
    level: 3,
    position: 2,
  },
  { id: 13, parent_id: 2, name: 'Outlet', name_en: 'Outlet', slug: 'outlet', level: 2, position: 6, is_active: false },
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

/** An option with its English label (issue 19). */
const option = (value: string, label: string, slug: string, labelEn: string = label) => ({
  value,
  label,
  label_en: labelEn,
  slug,
});
const DEMO_ATTRIBUTES: AttributeInput[] = [
  {
    attribute_id: 93,
    id: 93,
    attribute_code: 'cvyat',
    frontend_label: 'Цвят',
    default_frontend_label: 'Цвят',
    frontend_label_en: 'Colour',
    frontend_input: 'select',
    options: [
      option('1', 'Черен', 'cheren', 'Black'),
      option('2', 'Сребрист', 'srebrist', 'Silver'),
      option('3', 'Оранжев', 'oranzhev', 'Orange'),
      option('4', 'Син', 'sin', 'Blue'),
      option('5', 'Бял', 'byal', 'White'),
      option('6', 'Тъмносив', 'tamnosiv', 'Space Gray'),
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
    frontend_label_en: 'RAM',
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
    frontend_label_en: 'Storage',
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
  // Appended for the product page: a gallery of three pictures, custom options of each type, a size guide.
  {
    sku: 'AWU3-49-TI',
    name: 'Apple Watch Ultra 3, 49 мм, титан',
    priceInclTax: 159_900,
    qty: 6,
    categoryId: 9,
    colour: '#8a8d8f',
    attributes: { cvyat: '6' },
    related: ['AW11-46-ALU', 'IP17-256-BLK'],
    extra: {
      media_gallery: [
        { image: productImagePath('AWU3-49-TI'), label: 'Apple Watch Ultra 3 отпред' },
        { image: `${productImagePath('AWU3-49-TI')}?view=side`, label: 'Apple Watch Ultra 3 отстрани' },
        { image: `${productImagePath('AWU3-49-TI')}?view=back`, label: 'Apple Watch Ultra 3 отзад' },
      ],
      // Net stotinki, like every catalogue price (the page adds VAT): +198 лв., +48 лв., +30 лв. with VAT.
      custom_options: [
        {
          option_id: 1,
          title: 'Размер на каишката',
          type: 'radio',
          is_require: true,
          sort_order: 0,
          values: ['S', 'M', 'L'].map((size, i) => ({
            option_type_id: 11 + i,
            title: size,
            price: 0,
            price_type: 'fixed' as const,
          })),
        },
        {
          option_id: 2,
          title: 'AppleCare+ за 2 години',
          type: 'checkbox',
          is_require: false,
          sort_order: 1,
          values: [{ option_type_id: 21, title: 'AppleCare+', price: 16_500, price_type: 'fixed' }],
        },
        {
          option_id: 3,
          title: 'Гравиране',
          type: 'field',
          is_require: false,
          sort_order: 2,
          values: [{ option_type_id: 31, title: 'Гравиране', price: 4_000, price_type: 'fixed' }],
        },
        {
          option_id: 4,
          title: 'Зарядно устройство',
          type: 'select',
          is_require: false,
          sort_order: 3,
          values: [
            { option_type_id: 41, title: 'Без зарядно', price: 0, price_type: 'fixed' },
            { option_type_id: 42, title: 'USB-C 20 W', price: 2_500, price_type: 'fixed' },
          ],
        },
      ],
    },
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
  'AWU3-49-TI': 'apple-watch-ultra-3-49',
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
      .map((c) => ({ category_id: c.id, name: c.name, name_en: c.name_en, slug: c.slug })),
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
    ...spec.extra,
    created_at: DEMO_DATE,
    updated_at: DEMO_DATE,
  });
};

/** The demo catalogue, validated once when first asked for. */
let demo: CatalogSnapshot | undefined;
export const demoCatalog = (): CatalogSnapshot => {
  if (demo) return demo;
  const categories = withPaths(DEMO_CATEGORIES);
  const products = [
    ...DEMO_PRODUCT_SPECS.map((spec, i) => demoProduct(spec, i, categories)),
    ...demoAccessories(categories),
    ...demoComposites(categories),
  ];
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
      cmsPage(
        3,
        'delivery',
        'Доставка',
        '<p>Доставка до 2 работни дни в цялата страна.</p><h2>Куриери</h2><ul><li>Еконт</li><li>Спиди</li></ul>' +
          '<p><a href="/guarantee" onclick="alert(1)">Гаранция</a></p><script>document.title = "hacked"</script>' +
          '<img src="https://tracker.example/pixel.gif" alt="">',
      ),
      { ...cmsPage(4, 'summer-2024', 'Лятна промоция 2024', '<p>Приключила.</p>'), active: false },
    ],
    cmsBlocks: [
      {
        id: 1,
        identifier: 'contact_info',
        title: 'Контакти',
        content: contactLine('bg'),
      },
      {
        id: 2,
        identifier: 'footer_links',
        title: 'Полезно',
        content: '<ul><li><a href="/guarantee">Гаранция</a></li></ul>',
      },
    ],
    banners: [
      {
        id: 1,
        image: productImagePath('IP17PM-512-ORG'),
        title: 'iPhone 17 Pro',
        title_en: 'iPhone 17 Pro',
        link: '/iphone',
        position: 1,
      },
      {
        id: 2,
        image: productImagePath('MBA13-M4-16-256'),
        title: 'MacBook Air M4',
        title_en: 'MacBook Air M4',
        link: '/macbook-air',
        position: 2,
      },
      {
        id: 3,
        image: productImagePath('APP3'),
        title: 'AirPods Pro 3',
        title_en: 'AirPods Pro 3',
        subtitle: 'С 10% отстъпка при абонамент',
        subtitle_en: '10% off when you subscribe',
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

/**
 * Accessories in 'aksesoari' (cases, cables, adapters, chargers, screen protectors, straps): enough products in
 * one category for a listing longer than one page of 50 (infinite scroll). Deterministic: names, prices and
 * colours come from fixed lists, ids from 1001. No flags (promo, new, sale), so the home page, the flag pages and
 * the tests naming the original eight products see the same catalogue; every seventh has a special price with an
 * open window (a 'Промо' badge and a struck-through price), and one has no price yet ('очаква се').
 */
const ACCESSORY_CATEGORY_ID = 10;
const ACCESSORY_FIRST_ID = 1001;
const IPHONE_MODELS = ['iPhone 17', 'iPhone 17 Pro', 'iPhone 17 Pro Max', 'iPhone Air', 'iPhone 16', 'iPhone 16e'];

interface DemoAccessorySpec {
  name: string;
  /** Price with VAT, stotinki. */
  priceInclTax: number;
  /** A `cvyat` option value of DEMO_ATTRIBUTES. */
  colour: string;
  short: string;
}

const DEMO_ACCESSORY_SPECS: readonly DemoAccessorySpec[] = [
  ...IPHONE_MODELS.flatMap((model, i) => [
    {
      name: `Силиконов калъф с MagSafe за ${model}`,
      priceInclTax: 9_990,
      colour: String((i % 6) + 1),
      short: `Мек силиконов калъф с MagSafe за ${model}: пасва плътно, пази от удари и драскотини и оставя зареждането безжично. Микрофибърна подплата отвътре, копчета от същия материал и магнити, подравнени със зарядното MagSafe, за бързо поставяне на всяка поставка.`,
    },
    {
      name: `Прозрачен калъф с MagSafe за ${model}`,
      priceInclTax: 8_990,
      colour: '5',
      short: `Прозрачен калъф за ${model}, който показва цвета на телефона.`,
    },
    {
      name: `Калъф от FineWoven за ${model}`,
      priceInclTax: 11_990,
      colour: '4',
      short: `Калъф от FineWoven за ${model} с мека на допир повърхност.`,
    },
  ]),
  ...[
    'USB-C към Lightning',
    'USB-C към USB-C',
    'Thunderbolt 4',
    'Thunderbolt 5 Pro',
    'USB-C 240 W',
    'MagSafe 3 към USB-C',
  ].flatMap((kind, i) => [
    { name: `Кабел ${kind}, 1 м`, priceInclTax: 3_990 + i * 2_000, colour: '5', short: `Кабел ${kind}, дължина 1 м.` },
    { name: `Кабел ${kind}, 2 м`, priceInclTax: 5_990 + i * 2_000, colour: '5', short: `Кабел ${kind}, дължина 2 м.` },
  ]),
  ...[
    'USB-C към 3,5 мм жак',
    'USB-C Digital AV Multiport',
    'USB-C към USB',
    'USB-C към SD карта',
    'Lightning към 3,5 мм жак',
    'USB-C към Ethernet',
  ].map((kind, i) => ({
    name: `Адаптер ${kind}`,
    priceInclTax: 2_490 + i * 3_500,
    colour: '5',
    short: `Адаптер ${kind}.`,
  })),
  ...[
    '20 W USB-C',
    '35 W с два USB-C порта',
    '70 W USB-C',
    '96 W USB-C',
    '140 W USB-C',
    'MagSafe',
    'MagSafe Duo',
    'за Apple Watch',
  ].map((kind, i) => ({
    name: `Зарядно ${kind}`,
    priceInclTax: 4_490 + i * 2_500,
    colour: '5',
    short: `Зарядно ${kind}.`,
  })),
  ...IPHONE_MODELS.map((model) => ({
    name: `Стъклен протектор за ${model}`,
    priceInclTax: 4_990,
    colour: '5',
    short: `Закалено стъкло за екрана на ${model}.`,
  })),
  ...['Спортна каишка', 'Спортна верижка', 'Миланска верижка', 'Плетена каишка'].flatMap((kind, i) => [
    {
      name: `${kind} за Apple Watch, 42 мм`,
      priceInclTax: 9_990 + i * 3_000,
      colour: String(i + 1),
      short: `${kind}, 42 мм.`,
    },
    {
      name: `${kind} за Apple Watch, 46 мм`,
      priceInclTax: 9_990 + i * 3_000,
      colour: String(i + 2),
      short: `${kind}, 46 мм.`,
    },
  ]),
  { name: 'AirTag', priceInclTax: 6_990, colour: '5', short: 'Проследяващо устройство AirTag.' },
  { name: 'AirTag, 4 броя', priceInclTax: 22_990, colour: '5', short: 'Четири проследяващи устройства AirTag.' },
  { name: 'Apple Pencil Pro', priceInclTax: 27_990, colour: '5', short: 'Apple Pencil Pro за iPad.' },
  { name: 'Apple Pencil (USB-C)', priceInclTax: 0, colour: '5', short: 'Apple Pencil с USB-C: цената предстои.' },
];

const demoAccessory = (spec: DemoAccessorySpec, index: number, categories: CategoryInput[]): CatalogProduct => {
  const sku = `ACC-${String(index + 1).padStart(3, '0')}`;
  const slug = productSlug(spec.name);
  const price = netForGross(spec.priceInclTax, BG_STANDARD_VAT);
  const onSale = index % 7 === 3 && spec.priceInclTax > 0;
  const specialInclTax = Math.round((spec.priceInclTax * 0.8) / 10) * 10;
  const special = onSale ? netForGross(specialInclTax, BG_STANDARD_VAT) : null;
  const category = categories.find((c) => c.id === ACCESSORY_CATEGORY_ID)!;
  return catalogProductSchema.parse({
    id: ACCESSORY_FIRST_ID + index,
    sku,
    name: spec.name,
    slug,
    url_key: slug,
    type_id: 'simple',
    tax_class_id: DEMO_TAX_CLASS_ID,
    price,
    priceInclTax: spec.priceInclTax,
    priceTax: spec.priceInclTax - price,
    special_price: special,
    specialPriceInclTax: onSale ? specialInclTax : null,
    special_from_date: onSale ? '2025-01-01' : null,
    image: productImagePath(sku),
    media_gallery: [{ image: productImagePath(sku), label: spec.name }],
    short_description: spec.short,
    description: `<p>${spec.short} Официален внос, 2 години гаранция.</p>`,
    meta_title: spec.name,
    brand: 'Apple',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [ACCESSORY_CATEGORY_ID],
    category: [{ category_id: category.id, name: category.name, name_en: category.name_en, slug: category.slug }],
    stock: { is_in_stock: true, qty: 25 },
    attributes: { cvyat: spec.colour },
    filter_options: { 'In stock': true },
    created_at: DEMO_DATE,
    updated_at: DEMO_DATE,
  });
};

const demoAccessories = (categories: CategoryInput[]): CatalogProduct[] =>
  DEMO_ACCESSORY_SPECS.map((spec, i) => demoAccessory(spec, i, categories));

/**
 * A bundle and a grouped product made of the demo products above, so the product page's bundle and grouped forms,
 * the home page's bundles section and the cart's pricing of a bundle line have something real. In 'macbook-air':
 * no test counts that listing, and the iPhone and accessory listings keep their counts. No flags.
 */
const COMPOSITE_FIRST_ID = 2001;
const MBA_SKU = 'MBA13-M4-16-256';
const MBP_SKU = 'MBP14-M4P-24-1TB';
const AIRPODS_SKU = 'APP3';
const IPAD_SKU = 'IPADAIR11-M3-128';

/** A demo product's net price, as its own document has it. */
const demoNet = (sku: string): number =>
  netForGross(DEMO_PRODUCT_SPECS.find((spec) => spec.sku === sku)!.priceInclTax, BG_STANDARD_VAT);

const bundleLink = (id: number, sku: string, net: number, isDefault: boolean) => ({
  id,
  sku,
  qty: 1,
  is_default: isDefault,
  // The bundle's own price for the item, net (cheaper than alone: 1 920, 4 260 and 450 лв. with VAT).
  price: net,
  name: DEMO_PRODUCT_SPECS.find((spec) => spec.sku === sku)!.name,
  image: productImagePath(sku),
});

const demoComposite = (
  index: number,
  categories: CategoryInput[],
  fields: Pick<CatalogProductInput, 'sku' | 'name' | 'type_id' | 'price'> & Partial<CatalogProductInput>,
): CatalogProduct => {
  const slug = productSlug(fields.name);
  const air = categories.find((c) => c.slug === 'macbook-air')!;
  const macbook = categories.find((c) => c.slug === 'macbook')!;
  const priceInclTax = Math.round((fields.price * (100 + BG_STANDARD_VAT)) / 100);
  return catalogProductSchema.parse({
    id: COMPOSITE_FIRST_ID + index,
    slug,
    url_key: slug,
    tax_class_id: DEMO_TAX_CLASS_ID,
    priceInclTax,
    priceTax: priceInclTax - fields.price,
    image: productImagePath(fields.sku),
    media_gallery: [{ image: productImagePath(fields.sku), label: fields.name }],
    short_description: fields.name,
    description: `<p>${fields.name}. Официален внос, 2 години гаранция.</p>`,
    meta_title: fields.name,
    brand: 'Apple',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [macbook.id, air.id],
    category: [macbook, air].map((c) => ({ category_id: c.id, name: c.name, name_en: c.name_en, slug: c.slug })),
    stock: { is_in_stock: true, qty: 5 },
    filter_options: { 'In stock': true },
    created_at: DEMO_DATE,
    updated_at: DEMO_DATE,
    ...fields,
  });
};

const demoComposites = (categories: CategoryInput[]): CatalogProduct[] => [
  // Priced by its items: its own price is the default selection's, MacBook Air and AirPods Pro 3, 2 370 лв. with
  // VAT, as tiles show it (the catalogue generator prices its bundles the same way).
  demoComposite(0, categories, {
    sku: 'BNDL-MBA-APP3',
    name: 'Комплект MacBook Air + AirPods Pro 3',
    slug: 'komplekt-macbook-air-airpods-pro-3',
    url_key: 'komplekt-macbook-air-airpods-pro-3',
    type_id: 'bundle',
    price: 160_000 + 37_500,
    bundle_options: [
      {
        option_id: 1,
        title: 'Компютър',
        required: true,
        type: 'radio',
        product_links: [bundleLink(1, MBA_SKU, 160_000, true), bundleLink(2, MBP_SKU, 355_000, false)],
      },
      {
        option_id: 2,
        title: 'Слушалки',
        required: false,
        type: 'checkbox',
        product_links: [bundleLink(3, AIRPODS_SKU, 37_500, true)],
      },
    ],
  }),
  // A grouped product's price is its members' at 1 each (spec section 4): 1 999 + 1 299 = 3 298 лв. with VAT.
  demoComposite(1, categories, {
    sku: 'GRP-MBA-IPAD',
    name: 'MacBook Air и iPad Air за учене',
    slug: 'macbook-air-i-ipad-air',
    url_key: 'macbook-air-i-ipad-air',
    type_id: 'grouped',
    price: demoNet(MBA_SKU) + demoNet(IPAD_SKU),
    product_links: [MBA_SKU, IPAD_SKU].map((sku, position) => ({
      link_type: 'associated',
      linked_product_sku: sku,
      linked_product_type: 'simple' as const,
      position,
    })),
  }),
];
