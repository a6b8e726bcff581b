import { describe, expect, it } from 'vitest';
import { recentlyViewedSchema, recordView, RECENTLY_VIEWED_MAX } from '../../../client/shortlists/index.ts';

describe('recently viewed', () => {
  it('puts a viewed sku in front: newest first', () => {
    expect(recordView(['B', 'A'], 'C')).toEqual(['C', 'B', 'A']);
  });

  it('a sku viewed again moves to the front instead of appearing twice', () => {
    expect(recordView(['C', 'B', 'A'], 'A')).toEqual(['A', 'C', 'B']);
  });

  it('viewing the sku already in front returns the same list', () => {
    const before = ['A', 'B'];
    expect(recordView(before, 'A')).toBe(before);
  });

  it(`keeps the ${RECENTLY_VIEWED_MAX} most recent`, () => {
    let list: readonly string[] = [];
    for (let i = 1; i <= RECENTLY_VIEWED_MAX + 3; i++) list = recordView(list, `SKU-${i}`);
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]).toBe(`SKU-${RECENTLY_VIEWED_MAX + 3}`);
    expect(list.at(-1)).toBe('SKU-4');
  });

  it('ignores an empty sku', () => {
    const before = ['A'];
    expect(recordView(before, '')).toBe(before);
  });

  it('a stored list is repaired on read: duplicates and the tail past the cap dropped', () => {
    const stored = ['A', 'A', ...Array.from({ length: 20 }, (_, i) => `S${i}`)];
    const read = recentlyViewedSchema.parse(stored);
    expect(read[0]).toBe('A');
    expect(read[1]).toBe('S0');
    expect(read).toHaveLength(RECENTLY_VIEWED_MAX);
  });
});
