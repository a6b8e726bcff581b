import { describe, expect, it } from 'vitest';
import type { CommandLogRow } from '../../../schema/ops/command-log.ts';
import {
  filterOf,
  filterQuery,
  localFromInstant,
  instantFromLocal,
  withTailEvent,
} from '../../../client/ops/commands/log-filters.ts';
import { NOTHING_HELD, withHeldEvent, withTailEvents } from '../../../client/ops/commands/tail-buffer.ts';
import { cursorAfterRemoval, queueItemOf } from '../../../client/ops/queues/queue-items.ts';

/** The operator console's pure rules: the log's filters in the URL, the live tail's merge, the queues' items. */
const row = (id: string, over: Partial<CommandLogRow> = {}): CommandLogRow => ({
  id,
  type: 'cart.addItem',
  status: 'pending',
  resultCode: null,
  owner: 'owner-1',
  clientId: 'client-1',
  seq: 1,
  createdAt: 1,
  receivedAt: 2,
  processedAt: null,
  serverSeq: 3,
  ...over,
});

describe('the command log filters', () => {
  it('given a URL with filters and other parameters, when read, then only the filters are kept', () => {
    expect(filterOf({ type: 'order.place', status: 'failed', kind: 'ads', q: '' })).toEqual({
      type: 'order.place',
      status: 'failed',
    });
  });

  it('given filters, when written as a query, then empty ones are left out', () => {
    expect(filterQuery({ type: 'order.place', owner: '' }, { limit: 100 })).toBe('?type=order.place&limit=100');
    expect(filterQuery({})).toBe('');
  });

  it('given a local date and time, when kept in the URL and read back, then the form shows the same', () => {
    const instant = instantFromLocal('2026-12-07T09:30');
    expect(instant).toMatch(/^\d+$/);
    expect(localFromInstant(instant)).toBe('2026-12-07T09:30');
    expect(instantFromLocal('')).toBeUndefined();
  });
});

describe('the live tail', () => {
  it('given the rows shown, when a new command arrives, then it goes on top once', () => {
    const rows = [row('b'), row('a')];
    const once = withTailEvent(rows, { kind: 'received', row: row('c') });
    expect(once.map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(withTailEvent(once, { kind: 'received', row: row('c') }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('given a shown command, when its outcome arrives, then its row changes where it is', () => {
    const rows = [row('b'), row('a')];
    const settled = withTailEvent(rows, { kind: 'settled', row: row('a', { status: 'failed', resultCode: 'x' }) });
    expect(settled.map((r) => [r.id, r.status])).toEqual([
      ['b', 'pending'],
      ['a', 'failed'],
    ]);
  });
});

describe('the live tail’s bounds', () => {
  const received = (id: string) => ({ kind: 'received' as const, row: row(id) });

  it('given a full list, when new commands arrive, then they go on top and the oldest rows are let go', () => {
    const rows = [row('c'), row('b'), row('a')];
    expect(withTailEvents(rows, [received('d'), received('e')], 3).map((r) => r.id)).toEqual(['e', 'd', 'c']);
  });

  it('given a list below its cap, when new commands arrive, then it grows up to the cap only', () => {
    expect(withTailEvents([row('a')], [received('b'), received('c'), received('d')], 3).map((r) => r.id)).toEqual([
      'd',
      'c',
      'b',
    ]);
  });

  it('given a list paged past the cap, when a new command arrives, then it keeps its length, not the cap', () => {
    const rows = ['e', 'd', 'c', 'b', 'a'].map((id) => row(id));
    expect(withTailEvents(rows, [received('f')], 3).map((r) => r.id)).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('given a full list, when an outcome arrives, then its row changes and none is let go', () => {
    const rows = [row('b'), row('a')];
    const settled = withTailEvents(rows, [{ kind: 'settled', row: row('a', { status: 'succeeded' }) }], 2);
    expect(settled.map((r) => [r.id, r.status])).toEqual([
      ['b', 'pending'],
      ['a', 'succeeded'],
    ]);
  });

  it('given a paused log, when more events come than it holds, then it keeps the newest and counts every new one', () => {
    const events = [received('a'), received('b'), { kind: 'settled' as const, row: row('a') }, received('c')];
    const held = events.reduce((h, e) => withHeldEvent(h, e, 2), NOTHING_HELD);
    expect(held.events.map((e) => [e.kind, e.row.id])).toEqual([
      ['settled', 'a'],
      ['received', 'c'],
    ]);
    expect(held.received).toBe(3);
    expect(held.droppedReceived).toBe(2);
  });
});

describe('the moderation queues', () => {
  it('given an ad of the ads queue, when read, then its title, text and owner are shown', () => {
    expect(queueItemOf({ id: 'ad-1', title: 'iPhone 13', description: 'Като нов', owner: 'u1', updatedAt: 5 })).toEqual(
      { id: 'ad-1', title: 'iPhone 13', text: 'Като нов', who: 'u1', since: 5 },
    );
  });

  it('given a review of the reviews queue, when read, then the review inside is what is shown', () => {
    expect(
      queueItemOf({
        id: 7,
        sku: 'MU773',
        review: { title: 'Добър', detail: 'Звукът е чист', nickname: 'Ива', created_at: '2026-12-07T09:00:00Z' },
      }),
    ).toEqual({
      id: 7,
      title: 'Добър · MU773',
      text: 'Звукът е чист',
      who: 'Ива',
      since: Date.parse('2026-12-07T09:00:00Z'),
    });
  });

  it('given the cursor on the last item, when it is decided, then the cursor stays on the new last one', () => {
    expect(cursorAfterRemoval(3, 3)).toBe(2);
    expect(cursorAfterRemoval(3, 1)).toBe(1);
    expect(cursorAfterRemoval(0, 0)).toBe(0);
  });
});
