/**
 * The local store's React face: what the views use of the tab's store client (client/sync/, the kernel, which
 * only this folder imports). The client itself stays a lazy chunk: store-client.tsx loads it with import() once
 * the page has settled, and the kernel's types are re-exported here as types only.
 */
export {
  getStoreClient,
  StoreClientProvider,
  useHoldStoreClientStart,
  useProducts,
  useStoreClient,
  useStoreClientState,
  useSyncState,
} from './store-client.tsx';
export { useDispatch } from './use-dispatch.ts';
export type { DispatchOptions } from './use-dispatch.ts';
export { CommandNotifications } from './command-notifications.tsx';
export { isShownHere, refusalMessage } from './command-tracker.ts';
export { SyncIndicator } from './sync-indicator.tsx';
export { useAttributes } from './use-attributes.ts';
export { useCustomerGroup } from './use-customer-group.ts';
export type { AccountResult, AccountSession, StoreClient, SyncState } from '../sync/store-client-types.ts';
