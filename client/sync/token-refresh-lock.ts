/**
 * The token refresh lock (spec commerce.md section 4, "Token refresh lock", and section 8):
 * - 0 is free;
 * - above 0 a refresh is in progress: requests wait and retry after 1,000 ms;
 * - -1 the refresh failed: further requests are aborted with code 401;
 * - attempts are counted, up to 20, then reset to 0 after giving up;
 * - a server answer containing 'not authorized' while a token is present triggers the refresh.
 * The decision is a pure function; the lock around it only keeps the state and waits.
 */
export const REFRESH_WAIT_MS = 1_000;
export const MAX_REFRESH_ATTEMPTS = 20;

/** Spec section 8, "Lock negative". */
export const LOCK_NEGATIVE_MESSAGE = 'Error refreshing user token. User is not authorized to access the resource';
/** Spec section 8, "After 20 refresh attempts". */
export const GAVE_UP_MESSAGE =
  'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.';

export type LockDecision = 'go' | 'wait' | 'abort' | 'give-up';

/** What a request does, given the lock's state and how often it has already waited. */
export const lockDecision = (state: number, attempts: number): LockDecision => {
  if (state < 0) return 'abort';
  if (state === 0) return 'go';
  return attempts >= MAX_REFRESH_ATTEMPTS ? 'give-up' : 'wait';
};

/** The spec's trigger: an answer saying 'not authorized' to a request that carried a token. */
export const asksForRefresh = (status: number, message: string, hadToken: boolean): boolean =>
  hadToken && status === 401 && /not authori[sz]ed/i.test(message);

export class UnauthorizedError extends Error {
  readonly status = 401;
}

export interface RefreshLockOptions {
  /**
   * Renews the session whose access token `failedToken` was. True when a fresh token is there to retry with
   * (also when another tab renewed it first); false when the session is over (the caller logs out).
   * Throws on a transient failure (offline, server away): the lock is free again and the caller retries later.
   */
  refresh(failedToken: string): Promise<boolean>;
  /** After 20 waits: the spec's give-up (log out silently, show the sign-up modal and the notice). */
  onGiveUp(): void;
  sleep?: (ms: number) => Promise<void>;
}

export interface RefreshLock {
  readonly state: number;
  /** Resolves when a request may go; throws UnauthorizedError when the lock is negative or gives up. */
  beforeRequest(): Promise<void>;
  /** The request with `failedToken` was refused as 'not authorized': refresh once (or wait for the refresh). */
  refreshAfter(failedToken: string): Promise<boolean>;
  /** A new login: the lock is free again. */
  reset(): void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const createRefreshLock = ({ refresh, onGiveUp, sleep = defaultSleep }: RefreshLockOptions): RefreshLock => {
  let state = 0;
  const beforeRequest = async (): Promise<void> => {
    for (let attempts = 0; ; attempts += 1) {
      switch (lockDecision(state, attempts)) {
        case 'go':
          return;
        case 'abort':
          throw new UnauthorizedError(LOCK_NEGATIVE_MESSAGE);
        case 'give-up':
          state = 0;
          onGiveUp();
          throw new UnauthorizedError(GAVE_UP_MESSAGE);
        case 'wait':
          await sleep(REFRESH_WAIT_MS);
      }
    }
  };
  return {
    get state() {
      return state;
    },
    beforeRequest,
    async refreshAfter(failedToken) {
      if (state !== 0) {
        await beforeRequest();
        return true;
      }
      state = 1;
      try {
        const renewed = await refresh(failedToken);
        state = renewed ? 0 : -1;
        return renewed;
      } catch (error) {
        state = 0;
        throw error;
      }
    },
    reset() {
      state = 0;
    },
  };
};
