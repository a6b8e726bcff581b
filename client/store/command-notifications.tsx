import { useEffect } from 'react';
import { observeCommands } from './command-tracker.ts';
import { useStoreClient } from './store-client.tsx';

/** Turns the answers to this tab's commands into notifications (success, refusal, failure). */
export function CommandNotifications() {
  const client = useStoreClient();
  useEffect(() => {
    if (!client) return;
    const subscription = client.commands$.subscribe((commands) => observeCommands(commands));
    return () => subscription.unsubscribe();
  }, [client]);
  return null;
}
