import { describe, expect, it } from 'vitest';
import { lastSearchesSchema, LAST_SEARCHES_MAX, recordSearch, removeSearch } from '../../../client/shortlists/index.ts';

describe('last searches', () => {
  it('the newest search goes in front', () => {
    expect(recordSearch(['ipad'], 'macbook')).toEqual(['macbook', 'ipad']);
  });

  it('keeps the 5 most recent (spec)', () => {
    let list: readonly string[] = [];
    for (const term of ['one', 'two', 'three', 'four', 'five', 'six']) list = recordSearch(list, term);
    expect(LAST_SEARCHES_MAX).toBe(5);
    expect(list).toEqual(['six', 'five', 'four', 'three', 'two']);
  });

  it('a repeated term moves to the front, whatever its case, with the newest spelling', () => {
    expect(recordSearch(['ipad', 'IPhone 17', 'mac'], 'iphone 17')).toEqual(['iphone 17', 'ipad', 'mac']);
    expect(recordSearch(['айфон', 'мак'], 'Айфон')).toEqual(['Айфон', 'мак']);
  });

  it('terms are trimmed and inner white space collapsed', () => {
    expect(recordSearch([], '  iphone    17 ')).toEqual(['iphone 17']);
    expect(recordSearch(['iphone 17', 'ipad'], ' iphone 17')).toEqual(['iphone 17', 'ipad']);
  });

  it('a term under 3 characters after trimming is not stored: it runs no search (spec section 5)', () => {
    const before = ['ipad'];
    expect(recordSearch(before, 'm1')).toBe(before);
    expect(recordSearch(before, '  ip  ')).toBe(before);
    expect(recordSearch(before, '   ')).toBe(before);
    expect(recordSearch(before, 'mac')).toEqual(['mac', 'ipad']);
  });

  it('a term over 100 characters is not stored', () => {
    const before: string[] = [];
    expect(recordSearch(before, 'x'.repeat(101))).toBe(before);
  });

  it('searching the term already in front returns the same list', () => {
    const before = ['mac', 'ipad'];
    expect(recordSearch(before, 'mac')).toBe(before);
  });

  it('a term can be taken out, whatever its case', () => {
    expect(removeSearch(['mac', 'ipad'], 'MAC')).toEqual(['ipad']);
    const before = ['mac'];
    expect(removeSearch(before, 'ipad')).toBe(before);
  });

  it('a stored list is repaired on read', () => {
    expect(lastSearchesSchema.parse([' mac ', 'MAC', 'ip', 'ipad', 'a', 'b1', 'one', 'two', 'three', 'four'])).toEqual([
      'mac',
      'ipad',
      'one',
      'two',
      'three',
    ]);
  });
});
