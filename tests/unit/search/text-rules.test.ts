import { describe, expect, it } from 'vitest';
import { createCategoryTree } from '../../../schema/search/category-tree.ts';
import { parseSearchQuery } from '../../../schema/search/query.ts';
import { isTermTooShort, maxEditsFor, requiredTermMatches } from '../../../schema/search/rules.ts';
import { boundedEditDistance, charSignature, mayBeWithin, skuTerm, tokenize } from '../../../schema/search/text.ts';
import { CATEGORIES } from './fixtures.ts';

describe('tokens', () => {
  it('Cyrillic and Latin words, lower-cased; decimals and Unicode word joins kept', () => {
    expect(tokenize('MacBook Air 13,6" M4 — Калъф ЗА iPhone 17 (13.3)')).toEqual([
      'macbook',
      'air',
      '13,6',
      'm4',
      'калъф',
      'за',
      'iphone',
      '17',
      '13.3',
    ]);
    expect(tokenize('MK183ZE/A USB-C')).toEqual(['mk183ze', 'a', 'usb', 'c']);
    // A decomposed й (и + combining breve) is the same word as the composed one.
    expect(tokenize('Мишка безжична и\u0306')).toEqual(tokenize('Мишка безжична й'));
    expect(skuTerm(' IP17-256-Blk ')).toBe('ip17-256-blk');
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions, bounded', () => {
    expect(boundedEditDistance('macbok', 'macbook', 2)).toBe(1);
    expect(boundedEditDistance('калъфф', 'калъф', 2)).toBe(1);
    expect(boundedEditDistance('mcabook', 'macbook', 2)).toBe(1);
    expect(boundedEditDistance('кабел', 'кабели', 1)).toBe(1);
    expect(boundedEditDistance('mcbooook', 'macbook', 2)).toBe(3);
    expect(boundedEditDistance('iphone', 'ipad', 2)).toBe(3);
    expect(boundedEditDistance('abc', 'abc', 0)).toBe(0);
    expect(boundedEditDistance('', 'ab', 2)).toBe(2);
  });

  it('agrees with a plain dynamic program, and the signature filter never rules out a match', () => {
    let seed = 11;
    const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const alphabet = 'abcабв12';
    const word = () =>
      Array.from({ length: 1 + Math.floor(rnd() * 7) }, () => alphabet[Math.floor(rnd() * 8)]).join('');
    const plain = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => i + j * (i === 0 ? 1 : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
          d[i]![j] = v;
        }
      }
      return d[a.length]![b.length]!;
    };
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = word();
      const max = Math.floor(rnd() * 3);
      const exact = plain(a, b);
      expect(boundedEditDistance(a, b, max), `${a} ${b} ${max}`).toBe(exact <= max ? exact : max + 1);
      const sa = charSignature(a);
      const sb = charSignature(b);
      if (exact <= max) expect(mayBeWithin(sa.low, sa.high, sb.low, sb.high, max), `${a} ${b}`).toBe(true);
    }
  });
});

describe('text rules', () => {
  it('fuzziness ramps to the spec’s 2; minimum should match 80% rounds down, at least 1', () => {
    expect([1, 2, 3, 4, 5, 12].map(maxEditsFor)).toEqual([0, 0, 1, 1, 2, 2]);
    expect([1, 2, 3, 4, 5, 10].map(requiredTermMatches)).toEqual([1, 1, 2, 3, 4, 8]);
  });

  it('a term needs 3 characters after trimming', () => {
    expect(isTermTooShort('  ab ')).toBe(true);
    expect(isTermTooShort('abc')).toBe(false);
    expect(isTermTooShort('ай')).toBe(true);
  });

  it('the query model normalises paging and refuses the price as an attribute filter', () => {
    expect(parseSearchQuery({ perPage: 0, current: -3 })).toMatchObject({ perPage: 50, current: 0 });
    expect(parseSearchQuery({ perPage: -1 }).perPage).toBe(50);
    expect(parseSearchQuery({ perPage: 5000 }).perPage).toBe(1000);
    expect(parseSearchQuery({})).toMatchObject({
      filters: {},
      sort: 'default',
      mode: 'listing',
      outOfStockListing: true,
      populateAggregations: false,
      append: false,
    });
    expect(() => parseSearchQuery({ filters: { cena: ['100-200'] } })).toThrow(/price/);
  });

  it('a category covers its descendants; an unknown one just itself; a cycle ends', () => {
    const tree = createCategoryTree(CATEGORIES);
    expect(tree.descendantsOf(10)).toEqual([10, 11, 12, 13]);
    expect(tree.descendantsOf(2)).toHaveLength(CATEGORIES.length + 1);
    expect(tree.descendantsOf(77)).toEqual([77]);
    const cyclic = createCategoryTree([
      { id: 5, parent_id: 6 },
      { id: 6, parent_id: 5 },
    ]);
    expect(cyclic.descendantsOf(5)).toEqual([5, 6]);
  });
});
