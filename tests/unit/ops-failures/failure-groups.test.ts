import { describe, expect, it } from 'vitest';
import { groupFailures, type FailureCount } from '../../../sync-server/ops/failure-groups.ts';

const count = (overrides: Partial<FailureCount>): FailureCount => ({
  type: 'order.place',
  status: 'rejected',
  cause: 'out_of_stock',
  resultCode: 'out_of_stock',
  bucket: 0,
  count: 1,
  firstSeen: 1000,
  lastSeen: 1000,
  ...overrides,
});

describe('failures grouped by cause', () => {
  it('given counts of one cause in several buckets, then one group sums them, with first and last seen and its buckets', () => {
    const groups = groupFailures(
      [
        count({ bucket: 0, count: 2, firstSeen: 100, lastSeen: 200 }),
        count({ bucket: 3, count: 5, firstSeen: 900, lastSeen: 950 }),
      ],
      4,
    );
    expect(groups).toEqual([
      expect.objectContaining({
        type: 'order.place',
        cause: 'out_of_stock',
        count: 7,
        firstSeen: 100,
        lastSeen: 950,
        buckets: [2, 0, 0, 5],
      }),
    ]);
  });

  it('given a dead letter and a refusal of one type, then they are two groups, most frequent first', () => {
    const groups = groupFailures(
      [count({ count: 1 }), count({ status: 'failed', cause: 'TypeError', resultCode: 'internal_error', count: 3 })],
      1,
    );
    expect(groups.map((g) => [g.status, g.cause, g.count])).toEqual([
      ['failed', 'TypeError', 3],
      ['rejected', 'out_of_stock', 1],
    ]);
  });

  it('given a count outside the buckets, then it is left out', () => {
    expect(groupFailures([count({ bucket: 4 }), count({ bucket: -1 })], 4)).toEqual([]);
  });
});
