import { useSyncExternalStore } from 'react';
import { notify } from '../../ui/notifications.tsx';
import {
  createNotificationSettingsStore,
  createMemorySettingsStorage,
  settingsOf,
  type NotificationSettingKey,
  type NotificationSettingsStore,
} from './notification-settings.ts';
import { useT } from '../../i18n/use-t.tsx';

let store: NotificationSettingsStore | undefined;

/** The tab's settings store: this browser's localStorage (memory for this page when the browser refuses it). */
const browserSettings = (): NotificationSettingsStore => {
  if (store) return store;
  try {
    store = createNotificationSettingsStore(window.localStorage, window);
  } catch {
    store = createNotificationSettingsStore(createMemorySettingsStorage());
  }
  return store;
};

const SETTINGS: readonly NotificationSettingKey[] = ['notify_for_stock', 'notify_for_price'];

/**
 * The product's stock and price notification switches (spec section 3). Stored in this browser for now; issue 5
 * (accounts) sends them to the spec's store-notification-settings call for a signed-in shopper.
 */
export function NotificationToggles({ sku, inStock }: { sku: string; inStock: boolean }) {
  const { t } = useT();
  const settings = browserSettings();
  const all = useSyncExternalStore(settings.subscribe, settings.get, settings.get);
  const mine = settingsOf(all, sku);
  const toggle = (key: NotificationSettingKey, on: boolean) => {
    settings.set(sku, key, on);
    notify({ kind: 'success', message: { key: `product.notifications.${key}.${on ? 'on' : 'off'}` } });
  };
  return (
    <fieldset className="product-page__option product-notifications" data-testid="product-notifications">
      <legend>{t('product.notifications.title')}</legend>
      {SETTINGS.filter((key) => key !== 'notify_for_stock' || !inStock || mine.notify_for_stock).map((key) => (
        <label key={key} className="product-check">
          <input type="checkbox" checked={mine[key]} onChange={(event) => toggle(key, event.target.checked)} />
          <span>{t(`product.notifications.${key}.label`)}</span>
        </label>
      ))}
      <p className="product-page__hint">{t('product.notifications.deviceOnly')}</p>
    </fieldset>
  );
}
