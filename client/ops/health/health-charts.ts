import { SYNC_LAG_COUNT_CAP, type StatsResponse } from '../../../schema/ops/stats.ts';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

/**
 * The stats as the charts draw them: per second rates by outcome, execution and device-to-device percentiles,
 * failures. Buckets are the server's; nothing is averaged again here.
 */
export const chartsOf = (stats: StatsResponse) => {
  const seconds = stats.bucketMs / 1000;
  const perSecond = (counts: readonly number[]) => counts.map((n) => n / seconds);
  const byOutcome = new Map<string, number[]>();
  for (const line of stats.series) {
    const sum = byOutcome.get(line.outcome) ?? new Array<number>(stats.starts.length).fill(0);
    line.counts.forEach((n, i) => (sum[i] = (sum[i] ?? 0) + n));
    byOutcome.set(line.outcome, sum);
  }
  const rate: ChartSeries[] = [
    { label: 'received', values: perSecond(stats.received) },
    ...[...byOutcome].map(([outcome, counts]) => ({ label: outcome, values: perSecond(counts) })),
  ];
  const latency: ChartSeries[] = [
    { label: 'p50', values: stats.executionP50Ms },
    { label: 'p95', values: stats.executionP95Ms },
  ];
  const deviceToDevice: ChartSeries[] = [
    { label: 'p50', values: stats.deviceToDeviceP50Ms },
    { label: 'p95', values: stats.deviceToDeviceP95Ms },
  ];
  const failures: ChartSeries[] = [{ label: 'failed', values: stats.failures }];
  return { rate, latency, deviceToDevice, failures };
};

/** Outcomes behind as a count, or "10000+" where the server stopped counting. */
export const behindCount = (outcomes: number): string =>
  outcomes >= SYNC_LAG_COUNT_CAP ? `${SYNC_LAG_COUNT_CAP}+` : String(outcomes);

/** Each histogram slot's share of the devices, 0 to 1 (bars drawn to it); all 0 with no devices. */
export const sharesOf = (slots: readonly { count: number }[]): number[] => {
  const total = slots.reduce((sum, slot) => sum + slot.count, 0);
  return slots.map((slot) => (total === 0 ? 0 : slot.count / total));
};
