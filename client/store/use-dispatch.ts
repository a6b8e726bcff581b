import { useCallback } from 'react';
import type { CommandType, PayloadInputOf } from '../../schema/index.ts';
import { notify } from '../ui/notifications.tsx';
import { trackCommand } from './command-tracker.ts';
import { getStoreClient, useStoreClient } from './store-client.tsx';

export interface DispatchOptions {
  /** Show the success notification when the server confirms (adding from the catalogue). */
  notifySuccess?: boolean;
}

/**
 * Writes a command locally (the view updates at once, online or not) and follows its answer. A tap before the
 * local store has started starts it and is written once it has; a command sent before the device has its guest
 * identity waits for it while online (client/sync/dispatch.ts). Returns false when the local write failed.
 */
export function useDispatch() {
  const client = useStoreClient();
  return useCallback(
    async <T extends CommandType>(type: T, payload: PayloadInputOf<T>, options: DispatchOptions = {}) => {
      try {
        const command = await (client ?? (await getStoreClient())).dispatch(type, payload);
        trackCommand(command, { type, notifySuccess: options.notifySuccess ?? false });
        if (options.notifySuccess && !navigator.onLine) {
          notify({ kind: 'info', message: { key: 'notify.queuedOffline' } });
        }
        return true;
      } catch (error) {
        console.error('[store] dispatch failed', type, error);
        notify({ kind: 'error', message: { key: 'notify.dispatchError' } });
        return false;
      }
    },
    [client],
  );
}
