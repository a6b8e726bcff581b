import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandDocument } from '../../../schema/index.ts';
import { checkCommandLog, Deliveries } from '../../../tools/bench/cluster-oracle.ts';
import type { PushRecord } from '../../../tools/bench/cluster-pushes.ts';

const pushed = (id: string, owner: string, seq: number, sentAt: number, answered = true): PushRecord => ({
  id,
  owner,
  clientId: `device-of-${owner}`,
  seq,
  phase: 'held',
  sentAt,
  ...(answered ? { answeredAt: sentAt + 5 } : {}),
  attempts: 1,
  failed: !answered,
});

describe("bench:cluster's oracle: what the devices received", () => {
  it('counts an outcome one of the owner’s devices never received as missing, and none once every device has it', () => {
    const deliveries = new Deliveries();
    deliveries.watch('phone', 'ann');
    deliveries.watch('laptop', 'ann');
    const records = [pushed('c1', 'ann', 1, 1000)];
    deliveries.receipt('phone', 'c1', 1020);
    expect(deliveries.missing(records)).toBe(1);
    deliveries.receipt('laptop', 'c1', 1050);
    expect(deliveries.missing(records)).toBe(0);
  });

  it('times a push to every device by the last of its owner’s devices to receive it', () => {
    const deliveries = new Deliveries();
    deliveries.watch('phone', 'ann');
    deliveries.watch('laptop', 'ann');
    deliveries.receipt('phone', 'c1', 1020);
    deliveries.receipt('laptop', 'c1', 1050);
    const { everyDevice, eachDevice, incomplete } = deliveries.latencies([pushed('c1', 'ann', 1, 1000)]);
    expect(everyDevice).toEqual([50]);
    expect(eachDevice.sort((a, b) => a - b)).toEqual([20, 50]);
    expect(incomplete).toBe(0);
  });

  it('leaves a push that was never answered out of what the devices owe', () => {
    const deliveries = new Deliveries();
    deliveries.watch('phone', 'ann');
    expect(deliveries.missing([pushed('c1', 'ann', 1, 1000, false)])).toBe(0);
  });
});

describe("bench:cluster's oracle: the store's command log", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The store's pull answer, stood in for by a stubbed fetch: the oracle's reading of it is what is tested. */
  const serveLog = (log: Partial<CommandDocument>[]): void => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ documents: log, checkpoint: { serverSeq: 9 } })));
  };
  const guest = { owner: 'ann', token: 't' };

  it('finds an answered push missing from the log (lost) and one stored twice at a device’s seq (doubled)', async () => {
    serveLog([
      { id: 'c1', clientId: 'device-of-ann', seq: 1, status: 'succeeded' },
      { id: 'c2', clientId: 'device-of-ann', seq: 2, status: 'succeeded' },
      { id: 'c2-again', clientId: 'device-of-ann', seq: 2, status: 'succeeded' },
    ]);
    const records = [pushed('c1', 'ann', 1, 0), pushed('c2', 'ann', 2, 0), pushed('c3', 'ann', 3, 0)];
    expect(await checkCommandLog('http://store', [guest], records)).toEqual({ lost: 1, doubled: 1, unsettled: 0 });
  });

  it('passes a log with every answered push once, in its own seq', async () => {
    serveLog([
      { id: 'c1', clientId: 'device-of-ann', seq: 1, status: 'succeeded' },
      { id: 'c2', clientId: 'device-of-ann', seq: 2, status: 'rejected' },
    ]);
    const records = [pushed('c1', 'ann', 1, 0), pushed('c2', 'ann', 2, 0)];
    expect(await checkCommandLog('http://store', [guest], records)).toEqual({ lost: 0, doubled: 0, unsettled: 0 });
  });
});
