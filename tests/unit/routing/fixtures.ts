import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import type { RouteLookups, RouteProduct } from '../../../client/catalog/routing/index.ts';

const attribute = (id: number, code: string, options: [value: string, label: string, slug: string][]): Attribute =>
  attributeSchema.parse({
    attribute_id: id,
    id,
    attribute_code: code,
    frontend_label: code,
    default_frontend_label: code,
    frontend_input: 'select',
    options: options.map(([value, label, slug]) => ({ value, label, slug })),
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    is_filterable: true,
  });

export const ATTRIBUTES: Attribute[] = [
  attribute(1, 'displey', [
    ['101', '13"', '13-inch'],
    ['102', '15"', '15-inch'],
    ['103', '27', '27'],
  ]),
  attribute(2, 'cvyat', [
    ['201', 'Черен', 'cheren'],
    ['202', 'Сребрист', 'srebrist'],
    ['203', 'Space Gray', 'space-gray'],
  ]),
  attribute(3, 'ram', [
    ['301', '16 GB', '16-gb'],
    ['302', '24 GB', '24-gb'],
  ]),
  // A code with a hyphen that shares its start with 'ram'.
  attribute(4, 'ram-tip', [
    ['401', 'LPDDR5', 'lpddr5'],
    ['402', 'Unified', 'gb'],
  ]),
  // An option slug containing 'inch' that is not a display size.
  attribute(5, 'model', [
    ['501', 'MacBook Pro 16"', 'macbook-pro-16-inch'],
    ['502', 'MacBook Air', 'macbook-air'],
  ]),
];

export const CATEGORIES = [
  { id: 10, slug: 'macbook-air' },
  { id: 11, slug: 'iphone' },
  { id: 12, slug: 'macbook-pro' },
  { id: 13, slug: 'aksesoari' },
];

export const PRODUCTS: RouteProduct[] = [
  { sku: 'MBA13M4', slug: 'macbook-air-13-inch-м4' },
  // An imported sku with hyphens.
  { sku: 'MX-2024-A', slug: 'magic-keyboard' },
  // A configurable parent and its child.
  { sku: 'IP17', slug: 'iphone-17', parentSku: null },
  { sku: 'IP17-256-BLK', slug: 'iphone-17-256-cheren', parentSku: 'IP17' },
  // A sku that is also the tail of another path ('A' of 'MX-2024-A').
  { sku: 'A', slug: 'adapter' },
  { sku: 'SL_1', slug: 'slug_with_underscore' },
];

export const STATIC_PAGES = ['guarantee', 'faq', 'terms-of-use', 'about-us'];

export const lookups = (overrides: Partial<RouteLookups> = {}): RouteLookups => ({
  categoryBySlug: (slug) => CATEGORIES.find((c) => c.slug === slug),
  isStaticPage: (slug) => STATIC_PAGES.includes(slug),
  productBySku: (sku) => PRODUCTS.find((p) => p.sku === sku),
  attributes: ATTRIBUTES,
  ...overrides,
});
