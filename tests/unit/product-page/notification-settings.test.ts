import { describe, expect, it } from 'vitest';
import {
  createNotificationSettingsStore,
  NOTIFICATION_SETTINGS_MAX,
  NOTIFICATION_SETTINGS_STORAGE_KEY,
  settingsOf,
  withNotificationSetting,
} from '../../../client/catalog/product/notification-settings.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
};

describe('stock and price notification settings per product', () => {
  it('given nothing stored, then both are off', () => {
    expect(settingsOf({}, 'APP3')).toEqual({ notify_for_stock: false, notify_for_price: false });
  });

  it('given one turned on, then only that one is on for that sku', () => {
    const all = withNotificationSetting({}, 'APP3', 'notify_for_price', true);
    expect(settingsOf(all, 'APP3')).toEqual({ notify_for_stock: false, notify_for_price: true });
    expect(settingsOf(all, 'IP17')).toEqual({ notify_for_stock: false, notify_for_price: false });
  });

  it('given both turned off again, then the sku is not kept', () => {
    const on = withNotificationSetting({}, 'APP3', 'notify_for_stock', true);
    expect(withNotificationSetting(on, 'APP3', 'notify_for_stock', false)).toEqual({});
  });

  it('given more products than the cap, then the oldest give way', () => {
    let all = {};
    for (let i = 0; i <= NOTIFICATION_SETTINGS_MAX; i += 1)
      all = withNotificationSetting(all, `S${i}`, 'notify_for_stock', true);
    expect(Object.keys(all)).toHaveLength(NOTIFICATION_SETTINGS_MAX);
    expect(settingsOf(all, 'S0').notify_for_stock).toBe(false);
  });
});

describe('the browser store of notification settings', () => {
  it('given a change, then it is written to storage, announced, and read back by a new store', () => {
    const storage = memoryStorage();
    const store = createNotificationSettingsStore(storage);
    let heard = 0;
    store.subscribe(() => (heard += 1));
    expect(store.set('APP3', 'notify_for_stock', true)).toBe(true);
    expect(heard).toBe(1);
    expect(createNotificationSettingsStore(storage).get()).toEqual({
      APP3: { notify_for_stock: true, notify_for_price: false },
    });
  });

  it('given an unreadable stored value, then the store starts empty instead of failing', () => {
    const storage = memoryStorage({ [NOTIFICATION_SETTINGS_STORAGE_KEY]: '{not json' });
    expect(createNotificationSettingsStore(storage).get()).toEqual({});
  });
});
