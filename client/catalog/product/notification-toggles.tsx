import { useSyncExternalStore } from 'react';
import { filter, firstValueFrom } from 'rxjs';
import { setNotification, useAccountSettings, useAlertsTexts, useSignedInUser } from '../../alerts/index.ts';
import { getStoreClient } from '../../store/index.ts';
import { notify } from '../../ui/notifications.tsx';
import {
  createNotificationSettingsStore,
  createMemorySettingsStorage,
  settingsOf,
  type NotificationSettingKey,
  type NotificationSettingsStore,
} from './notification-settings.ts';
import { useT } from '../../i18n/use-t.tsx';
import './product-page.css';

let store: NotificationSettingsStore | undefined;

/**
 * Whether a user is signed in, once the device's session has been read: the store starts when the page has
 * settled, so a tap before that must wait for it, or a user's setting would be kept as a guest's, in this browser.
 */
const signedIn = async (): Promise<boolean> => {
  const client = await getStoreClient();
  return (await firstValueFrom(client.account.user$.pipe(filter((user) => user !== undefined)))) !== null;
};

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
 * The product's stock and price notification switches (spec section 3). A logged-in shopper's are kept on the
 * account (`alerts.set`, synced to every device; the server mails when the product returns or its price drops); a
 * guest's stay in this browser, as before, since there is no address to mail (they do not join the account at
 * login). The spec's Bulgarian success notice follows each change at once, online or not.
 */
export function NotificationToggles({ sku, inStock }: { sku: string; inStock: boolean }) {
  const { t, language } = useT();
  const user = useSignedInUser();
  const texts = useAlertsTexts();
  const account = useAccountSettings();
  const settings = browserSettings();
  const all = useSyncExternalStore(settings.subscribe, settings.get, settings.get);
  const synced = Boolean(user);
  const kept = account?.notifications.find((n) => n.sku === sku);
  const mine = synced
    ? { notify_for_stock: kept?.notify_for_stock ?? false, notify_for_price: kept?.notify_for_price ?? false }
    : settingsOf(all, sku);
  const toggle = (key: NotificationSettingKey, on: boolean) => {
    if (synced) void setNotification({ ...mine, [key]: on, sku }, language);
    else if (user === null) settings.set(sku, key, on);
    else {
      // The device's session is not read yet: the switch moves at once (kept in this browser), and moves to the
      // account once a signed-in user turns out to be there. A switch that moved only later looked dead.
      const before = mine[key];
      settings.set(sku, key, on);
      void signedIn().then(async (isUser) => {
        if (!isUser) return;
        settings.set(sku, key, before);
        await setNotification({ notify_for_stock: false, notify_for_price: false, [key]: on, sku }, language);
      });
    }
    notify({ kind: 'success', message: { key: `product.notifications.${key}.${on ? 'on' : 'off'}` } });
  };
  return (
    <fieldset className="product-page__option product-notifications" data-testid="product-notifications">
      <legend>{t('product.notifications.title')}</legend>
      {SETTINGS.filter((key) => key !== 'notify_for_stock' || !inStock || mine.notify_for_stock).map((key) => (
        <label key={key} className="product-check">
          <input
            type="checkbox"
            checked={mine[key]}
            data-testid={`product-notification-${key}`}
            onChange={(event) => toggle(key, event.target.checked)}
          />
          <span>{t(`product.notifications.${key}.label`)}</span>
        </label>
      ))}
      <p className="product-page__hint">
        {synced ? (texts ? t('alerts.toggles.account') : null) : t('product.notifications.deviceOnly')}
      </p>
    </fieldset>
  );
}
