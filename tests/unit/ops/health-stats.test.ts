import { describe, expect, it } from 'vitest';
import { OFFLINE_EDGES_S, SYNC_LAG_EDGES_S } from '../../../schema/ops/stats.ts';
import { histogramOf } from '../../../sync-server/ops/histogram.ts';
import { DEVICE_TO_DEVICE_SAMPLE, sampleEvery } from '../../../sync-server/ops/stats-sampling.ts';

/** Issue 30, the Health page: the rules around the figures the store computes. */
describe('a histogram from width_bucket slots', () => {
  it('given slots of some edges, when folded, then one slot per edge and one past the last, empty ones kept', () => {
    expect(histogramOf([1, 10], [{ slot: 1, n: 3 }])).toEqual([
      { upToSeconds: 1, count: 0 },
      { upToSeconds: 10, count: 3 },
      { upToSeconds: null, count: 0 },
    ]);
  });

  it('given slots below 0 or past the last edge, and counts as text (bigint), when folded, then at the ends', () => {
    const slots = histogramOf(OFFLINE_EDGES_S, [
      { slot: -1, n: '2' },
      { slot: 0, n: 1 },
      { slot: OFFLINE_EDGES_S.length, n: 4 },
      { slot: OFFLINE_EDGES_S.length + 3, n: '1' },
    ]);
    expect(slots).toHaveLength(OFFLINE_EDGES_S.length + 1);
    expect(slots[0]).toEqual({ upToSeconds: 1, count: 3 });
    expect(slots.at(-1)).toEqual({ upToSeconds: null, count: 5 });
  });

  it('given the sync-lag edges, when folded, then the first slot is "up to date" (0 s behind)', () => {
    const slots = histogramOf(SYNC_LAG_EDGES_S, [
      { slot: 0, n: 7 },
      { slot: 2, n: 1 },
    ]);
    expect(slots.map((s) => s.upToSeconds)).toEqual([0, 10, 60, 600, 3_600, 86_400, null]);
    expect(slots[0]!.count).toBe(7);
    expect(slots.find((s) => s.upToSeconds === 60)!.count).toBe(1);
  });
});

describe('device-to-device latency sampling', () => {
  it('given up to the sample size received, when asked, then every command is measured', () => {
    expect(sampleEvery(0)).toBe(1);
    expect(sampleEvery(DEVICE_TO_DEVICE_SAMPLE)).toBe(1);
  });

  it('given more, when asked, then about one in n so that about the sample size is measured', () => {
    expect(sampleEvery(DEVICE_TO_DEVICE_SAMPLE + 1)).toBe(2);
    expect(sampleEvery(1_000_000, 50_000)).toBe(20);
    expect(sampleEvery(10, 0)).toBe(10);
  });
});
