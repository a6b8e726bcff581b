import { useStoreClient } from './store-client.tsx';
import { useObservable } from '../ui/use-observable.ts';
import { customerGroupOf } from '../../schema/account/customer-group.ts';

/**
 * The current shopper's customer group, following logins and logouts of any tab (spec: "prices reload on login
 * and logout"): prices shown with it re-render when it changes. Guests' group until the store client has started;
 * unlike the account screens, a price does not start the client early (the first grid must not wait for it).
 */
export const useCustomerGroup = (): number => customerGroupOf(useObservable(useStoreClient()?.account.user$));
