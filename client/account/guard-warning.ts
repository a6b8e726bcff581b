import { useSyncExternalStore } from 'react';

/**
 * The guard's warning to a guest sent home from an account page (spec section 2): shown by AccountNotices with its
 * Log in and Register actions, which come back to `path` afterwards. A store of its own, not a notification: the
 * notifications take one action, and this one has two.
 */
export interface GuardWarning {
  /** The page the guest asked for. */
  path: string;
}

let current: GuardWarning | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};

export const showGuardWarning = (path: string): void => {
  current = { path };
  emit();
};

export const dismissGuardWarning = (): void => {
  if (current === null) return;
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;

export const useGuardWarning = (): GuardWarning | null => useSyncExternalStore(subscribe, snapshot, snapshot);
