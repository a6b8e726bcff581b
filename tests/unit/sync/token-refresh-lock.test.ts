import { describe, expect, it } from 'vitest';
import {
  asksForRefresh,
  createRefreshLock,
  GAVE_UP_MESSAGE,
  LOCK_NEGATIVE_MESSAGE,
  lockDecision,
  MAX_REFRESH_ATTEMPTS,
  REFRESH_WAIT_MS,
} from '../../../client/sync/token-refresh-lock.ts';

/** Spec commerce.md section 4, "Token refresh lock", as given / when / then with a fake clock. */
const fakeSleep = () => {
  const waits: number[] = [];
  let wake: (() => void)[] = [];
  return {
    waits,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        waits.push(ms);
        wake.push(resolve);
      }),
    /** Lets every sleeping request retry once. */
    tick() {
      const now = wake;
      wake = [];
      for (const resolve of now) resolve();
    },
  };
};
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the lock decision', () => {
  it('"0 is free"', () => expect(lockDecision(0, 0)).toBe('go'));
  it('"above 0 means a refresh is in progress. Requests wait and retry"', () =>
    expect(lockDecision(1, 3)).toBe('wait'));
  it('"-1 means the refresh failed and further requests are aborted with code 401"', () =>
    expect(lockDecision(-1, 0)).toBe('abort'));
  it('"attempts are counted, up to 20"', () => expect(lockDecision(1, MAX_REFRESH_ATTEMPTS)).toBe('give-up'));
});

describe("the trigger: a server answer containing 'not authorized' while a token is present", () => {
  it('refreshes on a 401 saying not authorized, with a token', () =>
    expect(asksForRefresh(401, 'The token has expired: not authorized', true)).toBe(true));
  it('does not without a token, or for another refusal', () => {
    expect(asksForRefresh(401, 'The token has expired: not authorized', false)).toBe(false);
    expect(asksForRefresh(401, 'Wrong e-mail or password', true)).toBe(false);
    expect(asksForRefresh(403, 'not authorized', true)).toBe(false);
  });
});

describe('the lock', () => {
  it('given a refresh in progress, when a request comes, then it waits 1,000 ms and goes once the refresh is done', async () => {
    const clock = fakeSleep();
    let finish!: (renewed: boolean) => void;
    const lock = createRefreshLock({
      refresh: () => new Promise<boolean>((resolve) => (finish = resolve)),
      onGiveUp: () => undefined,
      sleep: clock.sleep,
    });
    const refreshing = lock.refreshAfter('old');
    expect(lock.state).toBeGreaterThan(0);
    let went = false;
    const request = lock.beforeRequest().then(() => (went = true));
    await flush();
    expect(clock.waits).toEqual([REFRESH_WAIT_MS]);
    finish(true);
    await refreshing;
    clock.tick();
    await request;
    expect(went).toBe(true);
    expect(lock.state).toBe(0);
  });

  it('given two requests refused at once, when both ask to refresh, then the session is refreshed once', async () => {
    const clock = fakeSleep();
    let refreshes = 0;
    let finish!: (renewed: boolean) => void;
    const lock = createRefreshLock({
      refresh: () => {
        refreshes += 1;
        return new Promise<boolean>((resolve) => (finish = resolve));
      },
      onGiveUp: () => undefined,
      sleep: clock.sleep,
    });
    const first = lock.refreshAfter('old');
    const second = lock.refreshAfter('old');
    await flush();
    finish(true);
    clock.tick();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(refreshes).toBe(1);
  });

  it('given the refresh failed, when a request comes, then it is aborted with 401 until a new login resets the lock', async () => {
    const lock = createRefreshLock({ refresh: async () => false, onGiveUp: () => undefined });
    expect(await lock.refreshAfter('old')).toBe(false);
    expect(lock.state).toBe(-1);
    await expect(lock.beforeRequest()).rejects.toMatchObject({ status: 401, message: LOCK_NEGATIVE_MESSAGE });
    lock.reset();
    await expect(lock.beforeRequest()).resolves.toBeUndefined();
  });

  it('given a refresh that never ends, when a request has waited 20 times, then it gives up and the lock is free', async () => {
    const clock = fakeSleep();
    let gaveUp = 0;
    const lock = createRefreshLock({
      refresh: () => new Promise<boolean>(() => undefined),
      onGiveUp: () => (gaveUp += 1),
      sleep: clock.sleep,
    });
    void lock.refreshAfter('old');
    const request = lock.beforeRequest();
    const outcome = request.catch((error: Error) => error.message);
    for (let i = 0; i < MAX_REFRESH_ATTEMPTS; i += 1) {
      await flush();
      clock.tick();
    }
    expect(await outcome).toBe(GAVE_UP_MESSAGE);
    expect(clock.waits).toHaveLength(MAX_REFRESH_ATTEMPTS);
    expect(gaveUp).toBe(1);
    expect(lock.state).toBe(0);
  });

  it('given the network fails during the refresh, then the lock is free again and the failure reaches the caller', async () => {
    const lock = createRefreshLock({
      refresh: async () => {
        throw new Error('offline');
      },
      onGiveUp: () => undefined,
    });
    await expect(lock.refreshAfter('old')).rejects.toThrow('offline');
    expect(lock.state).toBe(0);
  });
});
