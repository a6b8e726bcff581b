/**
 * A health-charts answer (GET /api/ops/stats) of any number of buckets, for drawing the console's charts with more
 * points than the server sends: it stops at MAX_STATS_BUCKETS (2000) a request, so a 100,000-point chart cannot come
 * from a real store. The shape is the server's, checked with the schema the page checks it with; the values are a
 * shop's day drawn smooth with noise (a fixed pseudo-random sequence, so every run draws the same lines).
 */
import {
  OFFLINE_EDGES_S,
  SYNC_LAG_EDGES_S,
  statsResponseSchema,
  type StatsResponse,
} from '../../../schema/ops/stats.ts';

/** A small deterministic generator (mulberry32): the same lines in every run. */
const randoms = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** One bucket per point over the last day; every chart of the page has `buckets` points a line. */
export const statsAnswer = (buckets: number, now = Date.now()): StatsResponse => {
  const random = randoms(42);
  const rangeMs = 86_400_000;
  const bucketMs = rangeMs / buckets;
  const from = now - rangeMs;
  const starts = Array.from({ length: buckets }, (_, i) => from + i * bucketMs);
  // Commands per bucket: a daily wave scaled to the bucket's length, with noise.
  const level = (i: number): number => (1.2 + Math.sin((i / buckets) * 2 * Math.PI)) * (bucketMs / 1000) * 5;
  const received = starts.map((_, i) => Math.round(level(i) * (0.6 + 0.8 * random())));
  const rejected = received.map((n) => Math.round(n * 0.08 * random()));
  const failures = received.map((n) => (random() < 0.02 ? Math.min(n, 1) : 0));
  const succeeded = received.map((n, i) => Math.max(0, n - rejected[i]! - failures[i]!));
  const p50 = received.map((n) => (n === 0 ? null : 4 + 6 * random()));
  const p95 = p50.map((ms) => (ms === null ? null : ms * (2 + 3 * random())));
  const reachedP50 = received.map((n) => (n === 0 ? null : 15 + 30 * random()));
  const reachedP95 = reachedP50.map((ms) => (ms === null ? null : ms * (3 + 10 * random())));
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  return statsResponseSchema.parse({
    range: 'day',
    from,
    to: now,
    bucketMs,
    starts,
    received,
    failures,
    executionP50Ms: p50,
    executionP95Ms: p95,
    series: [
      { type: 'cart.addItem', outcome: 'succeeded', total: total(succeeded), counts: succeeded },
      { type: 'order.place', outcome: 'rejected', total: total(rejected), counts: rejected },
    ],
    deviceToDeviceP50Ms: reachedP50,
    deviceToDeviceP95Ms: reachedP95,
    deviceToDeviceSampleEvery: 1,
    offline: [...OFFLINE_EDGES_S, null].map((upToSeconds, i) => ({ upToSeconds, count: 1000 >> i })),
    syncLag: {
      devices: 1200,
      histogram: [...SYNC_LAG_EDGES_S, null].map((upToSeconds, i) => ({ upToSeconds, count: i === 0 ? 1150 : 10 })),
      lagging: Array.from({ length: 20 }, (_, i) => ({
        clientId: `client-${i}`,
        owner: `guest-${i}`,
        appVersion: '1.4.0',
        behindOutcomes: 20 - i,
        behindSeconds: 3_600 - i * 60,
        lastSyncAt: now - 3_600_000,
      })),
    },
    backlog: 0,
  });
};

/**
 * The lines the Health page draws from such an answer: received and each outcome; execution p50 and p95;
 * device-to-device p50 and p95; failed.
 */
export const LINES_DRAWN = 8;
/** Its charts: the rate, the execution times, the device-to-device latency, the failures. */
export const CHARTS_DRAWN = 4;
