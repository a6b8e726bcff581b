import { describe, expect, it } from 'vitest';
import { behindCount, chartsOf, sharesOf } from '../../../client/ops/health/health-charts.ts';
import {
  OFFLINE_EDGES_S,
  SYNC_LAG_COUNT_CAP,
  SYNC_LAG_EDGES_S,
  statsResponseSchema,
  type StatsResponse,
} from '../../../schema/ops/stats.ts';
import { histogramOf } from '../../../sync-server/ops/histogram.ts';

/** Issue 30, the Health page: how it draws the figures the store computed. */
const stats = (over: Partial<StatsResponse> = {}): StatsResponse =>
  statsResponseSchema.parse({
    range: 'hour',
    from: 0,
    to: 3_600_000,
    bucketMs: 1_800_000,
    starts: [0, 1_800_000],
    received: [3_600, 0],
    failures: [0, 0],
    executionP50Ms: [4, null],
    executionP95Ms: [9, null],
    deviceToDeviceP50Ms: [120, null],
    deviceToDeviceP95Ms: [900.5, null],
    deviceToDeviceSampleEvery: 1,
    series: [{ type: 'cart.addItem', outcome: 'succeeded', total: 3_600, counts: [3_600, 0] }],
    offline: histogramOf(OFFLINE_EDGES_S, []),
    backlog: 0,
    syncLag: { devices: 0, histogram: histogramOf(SYNC_LAG_EDGES_S, []), lagging: [] },
    ...over,
  });

describe('the Health page charts', () => {
  it('given the stats, when charted, then device-to-device p50 and p95 are a chart of their own, gaps kept', () => {
    const charts = chartsOf(stats());
    expect(charts.deviceToDevice).toEqual([
      { label: 'p50', values: [120, null] },
      { label: 'p95', values: [900.5, null] },
    ]);
    expect(charts.latency.map((s) => s.values)).toEqual([
      [4, null],
      [9, null],
    ]);
    // 3,600 in half an hour: 2 a second.
    expect(charts.rate[0]).toEqual({ label: 'received', values: [2, 0] });
  });

  it('given outcomes behind at the count cap, when shown, then "at least"', () => {
    expect(behindCount(3)).toBe('3');
    expect(behindCount(SYNC_LAG_COUNT_CAP)).toBe(`${SYNC_LAG_COUNT_CAP}+`);
  });

  it('given the lag histogram, when drawn as bars, then each slot’s share of the devices, 0 with none', () => {
    expect(sharesOf([{ count: 3 }, { count: 1 }, { count: 0 }])).toEqual([0.75, 0.25, 0]);
    expect(sharesOf([{ count: 0 }, { count: 0 }])).toEqual([0, 0]);
  });
});
