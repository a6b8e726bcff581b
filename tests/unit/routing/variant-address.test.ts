import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import {
  CHILD_SKU_PARAM,
  childSkuOf,
  startingSelection,
  variantPath,
} from '../../../schema/routing/variant-address.ts';

type Child = CatalogProduct['configurable_children'][number];
const child = (sku: string, cvyat: string, disk: string, extra: Partial<Child> = {}): Child =>
  ({
    sku,
    attributes: { cvyat, disk },
    status: 1,
    stock: { is_in_stock: true, qty: 3 },
    ...extra,
  }) as Child;

const PHONE = {
  configurable_options: [{ attribute_code: 'cvyat' }, { attribute_code: 'disk' }],
  configurable_children: [
    child('P-BLK-256', 'black', '256'),
    child('P-BLK-512', 'black', '512'),
    child('P-ORG-512', 'orange', '512'),
    child('P-SLV-256', 'silver', '256', { stock: { is_in_stock: false, qty: 0 } } as Partial<Child>),
    child('P-SLV-512', 'silver', '512', { status: 2 }),
  ],
} as unknown as Pick<CatalogProduct, 'configurable_options' | 'configurable_children'>;
const OPTIONS = { allowOutOfStock: false };

describe("a chosen variant's address (spec: product routes carry parentSku, childSku and slug)", () => {
  it('is the product path with the child sku in the query, encoded', () => {
    expect(CHILD_SKU_PARAM).toBe('childSku');
    expect(variantPath('iphone-17', 'IP17', 'IP17-256-BLK')).toBe('/iphone-17-IP17?childSku=IP17-256-BLK');
    expect(variantPath('айфон', 'IP17', 'A B/1')).toBe('/%D0%B0%D0%B9%D1%84%D0%BE%D0%BD-IP17?childSku=A%20B%2F1');
  });

  it('reads back the child sku from the query, and nothing from an address without one', () => {
    expect(childSkuOf('?childSku=IP17-256-BLK')).toBe('IP17-256-BLK');
    expect(childSkuOf('childSku=A%20B%2F1&sort=price-asc')).toBe('A B/1');
    expect(childSkuOf('')).toBeNull();
    expect(childSkuOf('?childSku=')).toBeNull();
    expect(childSkuOf('?sort=price-asc')).toBeNull();
  });
});

describe('the variant a product page opens with', () => {
  it('is the one the address names: its colour and storage chosen', () => {
    expect(startingSelection(PHONE, 'P-ORG-512', OPTIONS)).toEqual({ cvyat: 'orange', disk: '512' });
    expect(startingSelection(PHONE, 'P-BLK-512', OPTIONS)).toEqual({ cvyat: 'black', disk: '512' });
  });

  it('is the first available one when the address names none, an unknown one, or one that cannot be chosen', () => {
    const first = { cvyat: 'black', disk: '256' };
    expect(startingSelection(PHONE, null, OPTIONS)).toEqual(first);
    expect(startingSelection(PHONE, 'NO-SUCH', OPTIONS)).toEqual(first);
    // Sold out (out-of-stock variants are not choosable here) and disabled.
    expect(startingSelection(PHONE, 'P-SLV-256', OPTIONS)).toEqual(first);
    expect(startingSelection(PHONE, 'P-SLV-512', OPTIONS)).toEqual(first);
    // With out-of-stock listing allowed, the sold-out one opens chosen.
    expect(startingSelection(PHONE, 'P-SLV-256', { allowOutOfStock: true })).toEqual({ cvyat: 'silver', disk: '256' });
  });

  it('is nothing when no variant is available', () => {
    const soldOut = { ...PHONE, configurable_children: PHONE.configurable_children.slice(3) };
    expect(startingSelection(soldOut, 'P-SLV-256', OPTIONS)).toEqual({});
  });
});
