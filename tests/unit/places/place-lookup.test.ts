import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createPlaceIndex,
  findShippingCities,
  parsePlacesTsv,
  PLACES_MAX_RESULTS,
  searchKey,
} from '../../../schema/places/index.ts';

/** Issue 16: the city field's lookup, the same offline (the browser) and online (the shipping-cities call). */
describe('looking a settlement up', () => {
  const index = createPlaceIndex(
    parsePlacesTsv(readFileSync(new URL('../../../data/places/bg-places.tsv', import.meta.url), 'utf8')),
  );
  const names = (query: string, limit?: number) => index.search(query, limit).map((p) => p.name);

  it('finds a city by the start of its name in Cyrillic or in Latin, towns before villages', () => {
    expect(names('Соф')[0]).toBe('София');
    expect(names('sof')[0]).toBe('София');
    expect(names('SOFIA')[0]).toBe('София');
    expect(names('plov')[0]).toBe('Пловдив');
    expect(names('варна')[0]).toBe('Варна');
    expect(names('пловдив')).toEqual(['Пловдив', 'Пловдивци']);
  });

  it('finds a name by any of its words', () => {
    expect(names('tarnovo')).toContain('Велико Търново');
    expect(names('търново')).toContain('Велико Търново');
    expect(names('veliko t')[0]).toBe('Велико Търново');
  });

  it('finds settlements by a postcode, whole or started', () => {
    expect(index.byPostcode('1000').map((p) => p.name)).toEqual(['София']);
    expect(index.byPostcode('2773').map((p) => p.name)).toEqual(['Гостун']);
    expect(index.byPostcode('0000')).toEqual([]);
    expect(names('400')[0]).toBe('Пловдив');
  });

  it('fills the postcode only for a settlement that has one', () => {
    const [gostun] = index.byPostcode('2773');
    const [sofia] = index.byPostcode('1000');
    expect(index.postcodeOf(gostun!)).toBe('2773');
    expect(index.postcodeOf(sofia!)).toBeUndefined();
  });

  it('answers a bounded list, and the largest towns for an empty query', () => {
    expect(index.search('с', 1000)).toHaveLength(PLACES_MAX_RESULTS);
    expect(index.search('с')).toHaveLength(10);
    // Largest by the post offices a town has (the data set holds no population).
    expect(names('', 5)).toEqual(['София', 'Пловдив', 'Русе', 'Бургас', 'Варна']);
    expect(names('zzzz')).toEqual([]);
  });

  it('the shipping-cities rule: a postcode narrowed by a name, and a name alone', () => {
    expect(
      findShippingCities(index, { postcode: '2781' })
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Горно Краище', 'Краище']);
    expect(findShippingCities(index, { postcode: '2781', query: 'gorno' }).map((c) => c.name)).toEqual([
      'Горно Краище',
    ]);
    expect(findShippingCities(index, { query: 'Sofia', limit: 1 })[0]).toMatchObject({
      name: 'София',
      nameLatin: 'Sofia',
      region: 'София',
      municipality: 'Столична',
      type: 'гр.',
    });
  });

  it('searches by a key without case, marks or punctuation', () => {
    expect(searchKey('  Патриарх-Евтимово ')).toBe('patriarh evtimovo');
    expect(searchKey('Göte')).toBe('gote');
  });
});
