import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../../../schema/ops/audit.ts';
import {
  adDecideBodySchema,
  adQueueCursorOf,
  adQueueQuerySchema,
  parseAdQueueCursor,
  reviewDecideBodySchema,
  reviewQueueQuerySchema,
} from '../../../schema/ops/queues.ts';

const AD = '0190a1b2-0000-7000-8000-00000000f00d';

describe("a queue's page", () => {
  it('given no limit, when asked, then 50; more than 200 is refused naming the limit', () => {
    expect(reviewQueueQuerySchema.parse({})).toEqual({ limit: 50 });
    const big = reviewQueueQuerySchema.safeParse({ limit: '201' });
    expect(big.success || big.error.issues[0]?.path).toEqual(['limit']);
  });

  it("given an ad's cursor, when read back, then it names the same place; a made-up one is refused", () => {
    const cursor = adQueueCursorOf(1_760_000_000_123, AD);
    expect(adQueueQuerySchema.parse({ after: cursor }).after).toBe(cursor);
    expect(parseAdQueueCursor(cursor)).toEqual({ updatedAt: 1_760_000_000_123, adId: AD });
    for (const bad of ['12.abc', `x.${AD}`, '-'.repeat(36), `1.${'-'.repeat(36)}`]) {
      expect(adQueueQuerySchema.safeParse({ after: bad }).success, bad).toBe(false);
    }
  });
});

describe('a bulk decision', () => {
  it('given a refusal without a reason, then it is refused naming the reason', () => {
    const parsed = adDecideBodySchema.safeParse({ ids: [AD], decision: 'refuse' });
    expect(parsed.success || parsed.error.issues[0]?.path).toEqual(['reason']);
  });

  it('given an approval, then no reason is needed; ids must be the queue kind and at most 200', () => {
    expect(reviewDecideBodySchema.parse({ ids: [7], decision: 'approve' })).toEqual({ ids: [7], decision: 'approve' });
    expect(reviewDecideBodySchema.safeParse({ ids: [AD], decision: 'approve' }).success).toBe(false);
    expect(adDecideBodySchema.safeParse({ ids: Array(201).fill(AD), decision: 'approve' }).success).toBe(false);
    expect(adDecideBodySchema.safeParse({ ids: [], decision: 'approve' }).success).toBe(false);
  });

  it('given a reason with markup, then it is refused as the single refusal refuses it', () => {
    const parsed = adDecideBodySchema.safeParse({ ids: [AD], decision: 'refuse', reason: '<b>не</b>' });
    expect(parsed.success || parsed.error.issues[0]?.path).toEqual(['reason']);
  });
});

describe("the audit log's filters", () => {
  it('take epoch ms or ISO times, and refuse a day the calendar lacks', () => {
    expect(auditQuerySchema.parse({ from: '1760000000000', to: '2025-10-09T09:00:00Z' })).toMatchObject({
      from: 1_760_000_000_000,
      to: Date.parse('2025-10-09T09:00:00Z'),
      limit: 50,
    });
    expect(auditQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '2025-02-31T00:00:00Z' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ before: '0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });
});
