import { ACCOUNT_SETTINGS_COLLECTION, emptyAccountSettings } from '../../schema/alerts/account-settings.ts';
import { ownerReadModel } from '../features/owner-documents.ts';

/** The account's settings (alerts, newsletter state, language): one document per owner in `account_settings`. */
export const accountSettingsReadModel = ownerReadModel(
  ACCOUNT_SETTINGS_COLLECTION,
  'account_settings',
  emptyAccountSettings,
);
