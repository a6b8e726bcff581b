import { describe, expect, it } from 'vitest';
import { analyseQuery, foldToLatin, nameHead } from '../../../schema/search/cross-script.ts';
import { buildSearchRequest } from '../../../sync-server/search/elasticsearch-query.ts';
import {
  latinMappings,
  PRODUCT_INDEX_MAPPINGS,
  toEsDocument,
} from '../../../sync-server/search/elasticsearch-mapping.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';

/** Issue 19: Bulgarian shoppers type Apple's names in Cyrillic and Bulgarian words in Latin. */
describe('the query across scripts', () => {
  it('folds Cyrillic to Latin letter by letter, as the Transliteration Act writes it', () => {
    expect(foldToLatin('калъф')).toBe('kalaf');
    expect(foldToLatin('зарядно')).toBe('zaryadno');
    expect(foldToLatin('щит')).toBe('shtit');
    expect(foldToLatin('iphone')).toBe('iphone');
  });

  it("puts Apple's names as Bulgarians write them, and English product words, in the catalogue's words", () => {
    expect(analyseQuery('айфон 17 про').latin).toEqual(['iphone', '17', 'pro']);
    expect(analyseQuery('макбук еър').latin).toEqual(['macbook', 'air']);
    expect(analyseQuery('епъл уоч').latin).toEqual(['apple', 'watch']);
    expect(analyseQuery('айфонн').latin).toEqual(['iphone']);
    expect(analyseQuery('iphone case').latin).toEqual(['iphone', 'kalaf']);
  });

  it('an accessory word must match; a device name alone requires nothing', () => {
    expect(analyseQuery('калъф за iphone 16').required).toEqual([{ term: 'калъф', latin: 'kalaf' }]);
    expect(analyseQuery('kalaff').required).toEqual([{ term: 'kalaff', latin: 'kalaf' }]);
    expect(analyseQuery('iphone case').required).toEqual([{ term: 'case', latin: 'kalaf' }]);
    expect(analyseQuery('macbook air').required).toEqual([]);
  });

  it("a name's head is what the product is, before 'за', 'с', '+' or a comma", () => {
    expect(nameHead('Силиконов калъф с MagSafe за iPhone 17 Pro Max, черен')).toBe('Силиконов калъф');
    expect(nameHead('Калъф ESR за MacBook Air 13"')).toBe('Калъф ESR');
    expect(nameHead('MacBook Air 13" M4, 10-ядрен CPU')).toBe('MacBook Air 13" M4');
    expect(nameHead('iPhone 17 Pro')).toBe('iPhone 17 Pro');
  });
});

describe('Elasticsearch searches the same terms', () => {
  const request = (text: string) =>
    buildSearchRequest({ mode: 'search', text }, { index: 'catalog-products', categories: [] })!;

  it('indexes the name folded to Latin with the same table, both cases, and the head under search', () => {
    expect(latinMappings()).toEqual(expect.arrayContaining(['ъ => a', 'Ъ => a', 'щ => sht', 'Щ => sht']));
    const name = PRODUCT_INDEX_MAPPINGS.properties?.['name'] as { fields?: Record<string, unknown> };
    expect(name.fields?.['latin']).toMatchObject({ analyzer: 'shop_latin' });
    const product = demoCatalog().products[0]!;
    expect(toEsDocument(product, new Date()).search.name_head).toBe(nameHead(product.name));
  });

  it('searches the folded text on name.latin and the head, and filters on an accessory word', () => {
    const built = JSON.stringify(request('калъф за айфон 16'));
    expect(built).toContain('"query":"kalaf za iphone 16"');
    const filters = request('калъф за айфон 16').query?.bool?.filter as unknown[];
    expect(filters).toContainEqual({
      bool: {
        should: [
          { match: { 'name.latin': { query: 'kalaf', fuzziness: 'AUTO:3,5' } } },
          { match: { 'category.name': { query: 'калъф', fuzziness: 'AUTO:3,5' } } },
        ],
        minimum_should_match: 1,
      },
    });
  });
});
