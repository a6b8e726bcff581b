import type { MailLanguage, NotificationSetting } from '../../schema/alerts/account-settings.ts';
import { getStoreClient } from '../store/index.ts';
import { notify } from '../ui/notifications.tsx';

/**
 * Keeps one product's notification settings on the account (`alerts.set`): written to the local store at once
 * (the toggles follow through the account's settings), pushed when online. The store is started if it was not yet
 * (a tap on a catalogue page before it settled), so the tap is kept, not dropped.
 */
export const setNotification = async (setting: NotificationSetting, language: MailLanguage): Promise<void> => {
  try {
    const client = await getStoreClient();
    await client.dispatch('alerts.set', { ...setting, language });
  } catch (error) {
    console.error('[alerts] the setting could not be stored', error);
    notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
  }
};
