import type { User } from '../../schema/account/user.ts';
import type { AccountSettingsDoc } from '../../schema/alerts/account-settings.ts';
import { useStoreClient } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';

/** The account's settings as this shopper sees them on every device, with this device's changes at once. */
export const useAccountSettings = (): AccountSettingsDoc | undefined =>
  useObservable(useStoreClient()?.accountSettings$);

/**
 * The logged-in user (null for a guest, undefined while unknown), read from the store as client/account's useUser
 * does: importing client/account from here would make the two folders import each other.
 */
export const useSignedInUser = (): User | null | undefined => useObservable(useStoreClient()?.account.user$);
