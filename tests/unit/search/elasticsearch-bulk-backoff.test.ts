import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_BULK_RETRY } from '../../../sync-server/search/elasticsearch-bulk.ts';

/** Issue 31: how long a bulk retry waits (the retries themselves: tests/integration/search-elasticsearch-index.test.ts). */
describe('bulk retry backoff', () => {
  const policy = { attempts: 6, baseDelayMs: 200, maxDelayMs: 3_000 };

  it('doubles each retry up to the ceiling, half of it fixed and half at random', () => {
    const least = [1, 2, 3, 4, 5, 6].map((retry) => backoffDelayMs(retry, policy, () => 0));
    const most = [1, 2, 3, 4, 5, 6].map((retry) => backoffDelayMs(retry, policy, () => 1));
    expect(least).toEqual([100, 200, 400, 800, 1_500, 1_500]);
    expect(most).toEqual([200, 400, 800, 1_600, 3_000, 3_000]);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(600);
  });

  it('the default gives up after six attempts, the last wait within ten seconds', () => {
    expect(DEFAULT_BULK_RETRY.attempts).toBe(6);
    expect(backoffDelayMs(DEFAULT_BULK_RETRY.attempts, DEFAULT_BULK_RETRY, () => 1)).toBeLessThanOrEqual(10_000);
  });
});
