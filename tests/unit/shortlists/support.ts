import {
  catalogProductSchema,
  type CatalogProduct,
  type CatalogProductInput,
} from '../../../schema/catalog/catalog-product.ts';
import type { StorageEventLike, StorageEventSource } from '../../../client/shortlists/index.ts';

/** A valid catalogue product; override what the test is about. */
export const catalogProduct = (overrides: Partial<CatalogProductInput> & { sku: string }): CatalogProduct =>
  catalogProductSchema.parse({
    id: 1,
    name: `Product ${overrides.sku}`,
    slug: overrides.sku.toLowerCase(),
    url_key: overrides.sku.toLowerCase(),
    type_id: 'simple',
    tax_class_id: 2,
    price: 100_000,
    priceInclTax: 120_000,
    priceTax: 20_000,
    image: `/img/${overrides.sku}.jpg`,
    status: 1,
    visibility: 4,
    is_old: 0,
    category_ids: [10],
    category: [{ category_id: 10, name: 'Mac', slug: 'mac' }],
    stock: { is_in_stock: true, qty: 5 },
    created_at: '2026-01-10 10:00:00',
    updated_at: '2026-01-10 10:00:00',
    ...overrides,
  });

export const MACBOOK = catalogProduct({
  sku: 'MBA13-M4',
  name: 'MacBook Air 13" M4',
  attributes: { cvyat: 'midnight', ram: '16', displey: '13.6' },
});
export const IPHONE = catalogProduct({ sku: 'IP17-256', name: 'iPhone 17, 256 GB', attributes: { cvyat: 'black' } });
export const IPAD = catalogProduct({ sku: 'IPAD-AIR-11', name: 'iPad Air 11"', attributes: { cvyat: 'blue' } });
export const WATCH = catalogProduct({ sku: 'AW-S11', name: 'Apple Watch Series 11' });
export const AIRPODS = catalogProduct({ sku: 'APP3', name: 'AirPods Pro 3' });

/** localStorage in memory: one per "browser", shared by the tabs of the test; writes can be made to fail. */
export class FakeStorage {
  readonly items = new Map<string, string>();
  failWrites = false;
  failReads = false;
  getItem(key: string): string | null {
    if (this.failReads) throw new DOMException('The operation is insecure.', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

/** A tab's `window` as the store sees it: the test fires the `storage` events another tab's writes would cause. */
export class FakeWindow implements StorageEventSource {
  readonly listeners = new Set<(event: StorageEventLike) => void>();
  addEventListener(_type: 'storage', listener: (event: StorageEventLike) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'storage', listener: (event: StorageEventLike) => void): void {
    this.listeners.delete(listener);
  }
  /** Another tab wrote `newValue` (null: removed) under `key` (null: cleared the storage). */
  otherTabWrote(storage: FakeStorage, key: string | null, newValue: string | null): void {
    if (key === null) storage.items.clear();
    else if (newValue === null) storage.items.delete(key);
    else storage.items.set(key, newValue);
    for (const listener of [...this.listeners]) listener({ key, newValue, storageArea: storage });
  }
}
