import {
  catalogProductSchema,
  configurableChildSchema,
  type CatalogProduct,
  type CatalogProductInput,
  type ConfigurableChild,
} from '../../../schema/catalog/catalog-product.ts';
import { z } from 'zod';

/** A valid catalogue product (parsed by the model's schema); override what the test is about. */
export const catalogProduct = (overrides: Partial<CatalogProductInput> = {}): CatalogProduct =>
  catalogProductSchema.parse({
    id: 1,
    sku: 'MBA13-M4',
    name: 'MacBook Air 13" M4',
    slug: 'macbook-air-13-inch-m4',
    url_key: 'macbook-air-13-inch-m4',
    type_id: 'simple',
    tax_class_id: 2,
    price: 199_900,
    priceInclTax: 239_880,
    priceTax: 39_980,
    image: '/m/b/mba13.jpg',
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [10],
    category: [{ category_id: 10, name: 'MacBook Air', slug: 'macbook-air' }],
    stock: { is_in_stock: true, qty: 5 },
    created_at: '2026-01-10 10:00:00',
    updated_at: '2026-01-10 10:00:00',
    ...overrides,
  });

/** A valid configurable child; override what the test is about. */
export const child = (
  overrides: Partial<z.input<typeof configurableChildSchema>> & { sku: string },
): ConfigurableChild =>
  configurableChildSchema.parse({
    id: 100,
    name: `Variant ${overrides.sku}`,
    image: '',
    price: 10_000,
    status: 1,
    stock: { is_in_stock: true, qty: 3 },
    attributes: {},
    ...overrides,
  });
