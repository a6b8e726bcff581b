import { z } from 'zod';

/**
 * Spec section 3: "Notification settings per product: notify_for_stock, notify_for_price".
 *
 * A guest's, kept in this browser, per sku (a logged-in shopper's are on the account: client/alerts, synced by
 * `alerts.set`, the spec's POST /api/products/store-notification-settings). Only the rules and the storage
 * live here; the page announces changes with notify().
 */
export const NOTIFICATION_SETTINGS_STORAGE_KEY = 'product-notification-settings';
/** Our cap, so the stored object cannot grow without bound: the oldest settings give way. */
export const NOTIFICATION_SETTINGS_MAX = 200;

export type NotificationSettingKey = 'notify_for_stock' | 'notify_for_price';
export interface ProductNotificationSettings {
  readonly notify_for_stock: boolean;
  readonly notify_for_price: boolean;
}
/** sku -> settings, oldest first; a product with both off is not kept. */
export type NotificationSettingsBySku = Readonly<Record<string, ProductNotificationSettings>>;

const settingsSchema = z.object({ notify_for_stock: z.boolean(), notify_for_price: z.boolean() });
export const notificationSettingsSchema = z.record(z.string().min(1).max(64), settingsSchema);

export const NO_NOTIFICATIONS: ProductNotificationSettings = Object.freeze({
  notify_for_stock: false,
  notify_for_price: false,
});

export const settingsOf = (all: NotificationSettingsBySku, sku: string): ProductNotificationSettings =>
  all[sku] ?? NO_NOTIFICATIONS;

/** Turns one setting of one sku on or off; a sku with both off is dropped, the newest change goes last. */
export const withNotificationSetting = (
  all: NotificationSettingsBySku,
  sku: string,
  key: NotificationSettingKey,
  on: boolean,
): NotificationSettingsBySku => {
  const next = { ...settingsOf(all, sku), [key]: on };
  const rest = Object.entries(all).filter(([s]) => s !== sku);
  const kept = next.notify_for_stock || next.notify_for_price ? [...rest, [sku, next] as const] : rest;
  return Object.fromEntries(kept.slice(-NOTIFICATION_SETTINGS_MAX));
};

/** Reads a stored value leniently: anything unreadable is no settings (they are a convenience, not an order). */
export const parseNotificationSettings = (raw: string | null): NotificationSettingsBySku => {
  if (raw === null) return {};
  try {
    const parsed = notificationSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export interface NotificationSettingsStore {
  get(): NotificationSettingsBySku;
  /** Stores the change; false when the browser refused the write (the value is kept for this page). */
  set(sku: string, key: NotificationSettingKey, on: boolean): boolean;
  subscribe(listener: () => void): () => void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: { key: string | null; newValue: string | null }) => void): void;
}

/** The settings in `storage`, following other tabs through `events` (pass `window`). */
export const createNotificationSettingsStore = (
  storage: StorageLike,
  events?: StorageEventSource,
): NotificationSettingsStore => {
  let value: NotificationSettingsBySku | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const read = (): NotificationSettingsBySku => {
    try {
      return parseNotificationSettings(storage.getItem(NOTIFICATION_SETTINGS_STORAGE_KEY));
    } catch {
      return {};
    }
  };
  events?.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== NOTIFICATION_SETTINGS_STORAGE_KEY) return;
    value = parseNotificationSettings(event.key === null ? null : event.newValue);
    emit();
  });
  const store: NotificationSettingsStore = {
    get: () => (value ??= read()),
    set(sku, key, on) {
      value = withNotificationSetting(store.get(), sku, key, on);
      let persisted = true;
      try {
        storage.setItem(NOTIFICATION_SETTINGS_STORAGE_KEY, JSON.stringify(value));
      } catch {
        persisted = false;
      }
      emit();
      return persisted;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
};

/** A storage kept in memory: the fallback when the browser refuses localStorage (blocked site data). */
export const createMemorySettingsStorage = (): StorageLike => {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
};
