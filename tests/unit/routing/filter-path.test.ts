import { describe, expect, it } from 'vitest';
import { filterSegmentCount, formatFilterPath, parseFilterPath } from '../../../schema/routing/filter-path.ts';
import type { PriceRangeFilter } from '../../../schema/search/query.ts';
import { levBoundOfEuro } from '../../../schema/catalog/rules/price-range.ts';
import { ATTRIBUTES } from './fixtures.ts';

describe('spec: "A filter parameter is a slash-separated list of segments shaped attribute-value (attribute slug)."', () => {
  it('reads attribute-value segments into option values', () => {
    expect(parseFilterPath('cvyat-cheren/ram-16-gb', ATTRIBUTES)).toEqual({
      filters: { cvyat: ['201'], ram: ['301'] },
      unknown: [],
    });
  });

  it('option slugs may contain hyphens', () => {
    expect(parseFilterPath('cvyat-space-gray', ATTRIBUTES).filters).toEqual({ cvyat: ['203'] });
  });

  it('a hyphenated attribute code: the longest known code whose rest is one of its option slugs', () => {
    expect(parseFilterPath('ram-tip-lpddr5', ATTRIBUTES).filters).toEqual({ 'ram-tip': ['401'] });
    // 'ram-tip-gb': 'ram-tip' + 'gb' is an option; 'ram' + 'tip-gb' is not.
    expect(parseFilterPath('ram-tip-gb', ATTRIBUTES).filters).toEqual({ 'ram-tip': ['402'] });
    expect(parseFilterPath('ram-24-gb', ATTRIBUTES).filters).toEqual({ ram: ['302'] });
  });

  it('unknown segments are reported, not thrown', () => {
    expect(parseFilterPath('cvyat-zlaten/nothing/cvyat-cheren/procesor-m9', ATTRIBUTES)).toEqual({
      filters: { cvyat: ['201'] },
      unknown: ['cvyat-zlaten', 'nothing', 'procesor-m9'],
    });
    expect(parseFilterPath('cvyat-cheren', [])).toEqual({ filters: {}, unknown: ['cvyat-cheren'] });
  });

  it('empty segments, surrounding slashes, duplicates and percent-encoding are tolerated', () => {
    expect(parseFilterPath('/cvyat-cheren//cvyat-cheren/', ATTRIBUTES).filters).toEqual({ cvyat: ['201'] });
    expect(parseFilterPath('cvyat-%63heren', ATTRIBUTES).filters).toEqual({ cvyat: ['201'] });
    expect(parseFilterPath('', ATTRIBUTES)).toEqual({ filters: {}, unknown: [] });
  });

  it('writes option values as attribute-slug segments; unknown values and attributes are dropped', () => {
    expect(formatFilterPath({ cvyat: ['201', '999'], ram: ['302'], procesor: ['1'] }, undefined, ATTRIBUTES)).toBe(
      'cvyat-cheren/ram-24-gb',
    );
    expect(formatFilterPath({}, undefined, ATTRIBUTES)).toBe('');
  });
});

// The shop prices in euro (issue 29, item 6): the segment carries euro, as the price filter's buckets read
// ('900 - 1 200 €' is cena-900-1200), and the query the lev bounds of those euro amounts (levBoundOfEuro), so a
// product is in the range its shown euro price is in.
describe('spec: "The price segment is cena-from-to."', () => {
  it('reads euro into the lev bounds of those euro amounts', () => {
    expect(parseFilterPath('cena-500-1000', ATTRIBUTES)).toEqual({
      filters: {},
      price: { from: 97_791, to: 195_583 },
      unknown: [],
    });
    expect(parseFilterPath('cena-99.90-150.5', ATTRIBUTES).price).toEqual({
      from: levBoundOfEuro(9_990),
      to: levBoundOfEuro(15_050),
    });
  });

  it('an empty bound is open', () => {
    expect(parseFilterPath('cena-1000-', ATTRIBUTES).price).toEqual({ from: levBoundOfEuro(100_000), to: null });
    expect(parseFilterPath('cena--500', ATTRIBUTES).price).toEqual({ from: null, to: levBoundOfEuro(50_000) });
  });

  it('a malformed or reversed range, or a second range, is unknown', () => {
    for (const bad of ['cena-abc-100', 'cena-100', 'cena--', 'cena-200-100', 'cena-1-2-3', 'cena-1.234-2']) {
      expect(parseFilterPath(bad, ATTRIBUTES), bad).toEqual({ filters: {}, unknown: [bad] });
    }
    expect(parseFilterPath('cena-100-200/cena-300-400', ATTRIBUTES)).toEqual({
      filters: {},
      price: { from: levBoundOfEuro(10_000), to: levBoundOfEuro(20_000) },
      unknown: ['cena-300-400'],
    });
  });

  it('writes the lev bounds as their euro amounts, whole when they are, and reads them back the same', () => {
    const range = { from: levBoundOfEuro(100_000), to: levBoundOfEuro(150_000) };
    expect(formatFilterPath({}, range, ATTRIBUTES)).toBe('cena-1000-1500');
    expect(parseFilterPath('cena-1000-1500', ATTRIBUTES).price).toEqual(range);
    expect(formatFilterPath({}, { from: levBoundOfEuro(9_990), to: null }, ATTRIBUTES)).toBe('cena-99.90-');
    expect(formatFilterPath({}, { from: null, to: null }, ATTRIBUTES)).toBe('');
  });
});

describe('spec: "The first segment containing \'inch\' is read as the display-size attribute (displey), and its slug is placed first."', () => {
  it('reads the bare inch segment as displey', () => {
    expect(parseFilterPath('13-inch/cvyat-cheren', ATTRIBUTES).filters).toEqual({ displey: ['101'], cvyat: ['201'] });
  });

  it('reads the spelled-out form too, and an inch slug of another attribute stays that attribute', () => {
    expect(parseFilterPath('displey-15-inch', ATTRIBUTES).filters).toEqual({ displey: ['102'] });
    expect(parseFilterPath('model-macbook-pro-16-inch', ATTRIBUTES).filters).toEqual({ model: ['501'] });
  });

  it('places the display size first, bare, before the sorted rest', () => {
    expect(formatFilterPath({ ram: ['301'], displey: ['101'], cvyat: ['201'] }, undefined, ATTRIBUTES)).toBe(
      '13-inch/cvyat-cheren/ram-16-gb',
    );
    expect(formatFilterPath({ displey: ['103'] }, undefined, ATTRIBUTES)).toBe('27');
    expect(parseFilterPath('27', ATTRIBUTES).filters).toEqual({ displey: ['103'] });
  });

  it('a second display size is written displey-slug among the rest', () => {
    expect(formatFilterPath({ displey: ['102', '101'], ram: ['301'] }, undefined, ATTRIBUTES)).toBe(
      '13-inch/displey-15-inch/ram-16-gb',
    );
  });
});

describe('spec: "Segments are kept sorted."', () => {
  it('sorts segments, price among them', () => {
    expect(
      formatFilterPath(
        { ram: ['302'], cvyat: ['202', '201'] },
        { from: levBoundOfEuro(100_000), to: levBoundOfEuro(200_000) },
        ATTRIBUTES,
      ),
    ).toBe('cena-1000-2000/cvyat-cheren/cvyat-srebrist/ram-24-gb');
  });

  it('round-trips: format(parse(format(x))) = format(x), and parse(format(x)) = x', () => {
    const cases: { filters: Record<string, string[]>; price: PriceRangeFilter | undefined }[] = [
      { filters: { displey: ['101'], cvyat: ['203'], 'ram-tip': ['402'], model: ['501'] }, price: undefined },
      { filters: { model: ['501'], ram: ['301'] }, price: { from: levBoundOfEuro(9_990), to: null } },
      { filters: { displey: ['102', '101'] }, price: { from: null, to: levBoundOfEuro(50_000) } },
      { filters: {}, price: undefined },
    ];
    for (const { filters, price } of cases) {
      const path = formatFilterPath(filters, price, ATTRIBUTES);
      const parsed = parseFilterPath(path, ATTRIBUTES);
      expect(parsed.unknown, path).toEqual([]);
      expect(parsed.price, path).toEqual(price);
      for (const [code, values] of Object.entries(filters)) {
        expect([...(parsed.filters[code] ?? [])].sort(), path).toEqual([...values].sort());
      }
      expect(Object.keys(parsed.filters).sort(), path).toEqual(Object.keys(filters).sort());
      expect(formatFilterPath(parsed.filters, parsed.price, ATTRIBUTES), path).toBe(path);
    }
  });

  it('an unsorted path reads the same as its sorted form', () => {
    const parsed = parseFilterPath('ram-16-gb/cvyat-cheren/13-inch', ATTRIBUTES);
    expect(formatFilterPath(parsed.filters, parsed.price, ATTRIBUTES)).toBe('13-inch/cvyat-cheren/ram-16-gb');
  });
});

describe('segment count', () => {
  it('one per value, one for the price', () => {
    expect(filterSegmentCount({ cvyat: ['1', '2'], ram: [] }, { from: 1, to: null })).toBe(3);
    expect(filterSegmentCount({}, undefined)).toBe(0);
  });
});
