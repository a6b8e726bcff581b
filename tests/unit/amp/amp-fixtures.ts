import { attributeSchema, type Attribute, type AttributeInput } from '../../../schema/catalog/attribute.ts';
import {
  catalogProductSchema,
  type CatalogProduct,
  type CatalogProductInput,
} from '../../../schema/catalog/catalog-product.ts';

/** Plain catalogue data for the AMP views' unit tests (no store, no server). */

export const NOW = new Date('2026-03-10T10:00:00Z');

/** A simple product at 1,000.00 лв net, 1,200.00 лв with 20% VAT, in the iPhone category. */
export const product = (input: Partial<CatalogProductInput> = {}): CatalogProduct =>
  catalogProductSchema.parse({
    id: 1,
    sku: 'SKU-1',
    name: 'iPhone 17',
    slug: 'iphone-17',
    url_key: 'iphone-17',
    type_id: 'simple',
    tax_class_id: 2,
    price: 100_000,
    priceInclTax: 120_000,
    priceTax: 20_000,
    image: '/images/products/SKU-1.svg',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [6],
    category: [{ category_id: 6, name: 'iPhone', slug: 'iphone' }],
    stock: { is_in_stock: true, qty: 3 },
    created_at: '2025-10-01T00:00:00Z',
    updated_at: '2025-10-01T00:00:00Z',
    ...input,
  });

export const attribute = (input: Partial<AttributeInput> & Pick<AttributeInput, 'attribute_code'>): Attribute =>
  attributeSchema.parse({
    attribute_id: 1,
    id: 1,
    frontend_label: input.attribute_code,
    default_frontend_label: input.attribute_code,
    frontend_input: 'select',
    options: [],
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    ...input,
  });

export const COLOUR = attribute({
  attribute_code: 'cvyat',
  frontend_label: 'Цвят',
  options: [{ value: '1', label: 'Черен', slug: 'cheren' }],
  position: 1,
});
export const RAM = attribute({ attribute_code: 'ram', frontend_label: 'RAM', position: 5 });
