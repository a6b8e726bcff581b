import { describe, expect, it } from 'vitest';
import { importWhenReachable, ONLINE_ATTEMPTS, type Reachability } from '../../../client/lib/import-when-reachable.ts';

/** A network the test switches: 'online' events are resolved by goOnline(), pauses are counted, not waited. */
const testNetwork = (online: boolean) => {
  const waiting: (() => void)[] = [];
  const pauses: number[] = [];
  const network: Reachability = {
    isOnline: () => online,
    nextOnline: () => new Promise((resolve) => waiting.push(resolve)),
    pause: async (ms) => void pauses.push(ms),
  };
  return {
    network,
    pauses,
    waitingForOnline: () => waiting.length,
    goOffline: () => void (online = false),
    goOnline: () => {
      online = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
};

const failedFetch = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

/** A loader that fails while `fails()` says so, counting its calls. */
const loader = (fails: () => boolean) => {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    if (fails()) throw failedFetch();
    return { LastingNotices: 'component' };
  };
  return { load, calls };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a lazy chunk asked for while the network comes and goes', () => {
  it('loads at once when the network is there', async () => {
    const net = testNetwork(true);
    const { load, calls } = loader(() => false);
    await expect(importWhenReachable(load, net.network)).resolves.toEqual({ LastingNotices: 'component' });
    expect(calls.count).toBe(1);
  });

  it('offline: waits for the connection instead of failing, then loads the same chunk', async () => {
    const net = testNetwork(false);
    let offline = true;
    const { load, calls } = loader(() => offline);
    let outcome: unknown = 'pending';
    void importWhenReachable(load, net.network).then(
      (module) => (outcome = module),
      (error: unknown) => (outcome = error),
    );
    await settle();
    expect(outcome).toBe('pending');
    expect(net.waitingForOnline()).toBe(1);
    expect(calls.count).toBe(1);

    offline = false;
    net.goOnline();
    await settle();
    expect(outcome).toEqual({ LastingNotices: 'component' });
    expect(calls.count).toBe(2);
  });

  it('offline for a long time: every failure while offline waits again, none counts as a give-up', async () => {
    const net = testNetwork(false);
    let failuresLeft = ONLINE_ATTEMPTS + 2;
    const { load, calls } = loader(() => failuresLeft-- > 0);
    const loading = importWhenReachable(load, net.network);
    // The 'online' event came but the link dropped again before the chunk did: the browser is offline again.
    for (let i = 0; i < ONLINE_ATTEMPTS + 2; i += 1) {
      await settle();
      net.goOnline();
      net.goOffline();
    }
    net.goOnline();
    await expect(loading).resolves.toEqual({ LastingNotices: 'component' });
    expect(calls.count).toBe(ONLINE_ATTEMPTS + 3);
    expect(net.pauses).toEqual([]);
  });

  it('online: a dropped request is asked again after a pause that grows', async () => {
    const net = testNetwork(true);
    let failuresLeft = ONLINE_ATTEMPTS - 1;
    const { load, calls } = loader(() => failuresLeft-- > 0);
    await expect(importWhenReachable(load, net.network)).resolves.toEqual({ LastingNotices: 'component' });
    expect(calls.count).toBe(ONLINE_ATTEMPTS);
    expect(net.pauses).toEqual([1000, 2000]);
  });

  it('online: a chunk that is gone (a deploy removed it) fails after the last attempt, with its error', async () => {
    const net = testNetwork(true);
    const { load, calls } = loader(() => true);
    await expect(importWhenReachable(load, net.network)).rejects.toThrow(/Failed to fetch dynamically imported/);
    expect(calls.count).toBe(ONLINE_ATTEMPTS);
  });
});
