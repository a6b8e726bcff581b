import { describe, expect, it } from 'vitest';
import { stemFolded } from '../../../schema/search/bg-stem.ts';
import { foldToLatin } from '../../../schema/search/cross-script.ts';
import { KIND_SYNONYMS } from '../../../schema/search/kind-words.ts';
import {
  categoryKindStems,
  kindStem,
  productKinds,
  queryKinds,
  queryWordKinds,
} from '../../../schema/search/product-kind.ts';
import { buildSearchRequest } from '../../../sync-server/search/elasticsearch-query.ts';
import { generateCatalog } from '../../../tools/catalog/generate-catalog.ts';

/** Issue 29: a kind of product by the everyday Bulgarian word for it, singular or plural, either script. */
describe('the light Bulgarian stemmer', () => {
  const stem = (word: string) => stemFolded(foldToLatin(word));

  it('puts the singular and the plural of the kind words on one stem', () => {
    for (const [singular, plural] of [
      ['телефон', 'телефони'],
      ['компютър', 'компютри'],
      ['лаптоп', 'лаптопи'],
      ['таблет', 'таблети'],
      ['часовник', 'часовници'],
      ['слушалка', 'слушалки'],
      ['калъф', 'калъфи'],
      ['зарядно', 'зарядни'],
      ['кабел', 'кабели'],
      ['мишка', 'мишки'],
      ['клавиатура', 'клавиатури'],
      ['монитор', 'монитори'],
      ['диск', 'дискове'],
      ['външен', 'външни'],
    ] as const) {
      expect(stem(plural), `${singular} / ${plural}`).toBe(stem(singular));
    }
  });

  it('strips a definite article, and a word typed in Latin stems as its Cyrillic spelling', () => {
    expect(stem('телефоните')).toBe(stem('телефон'));
    expect(stem('калъфът')).toBe(stem('калъф'));
    expect(stem('зарядното')).toBe(stem('зарядно'));
    expect(stem('kompyutri')).toBe(stem('компютър'));
    expect(stem('telefoni')).toBe(stem('телефон'));
  });

  it('leaves short model words whole', () => {
    for (const word of ['pro', 'air', 'se', 'max', '17']) expect(stemFolded(word)).toBe(word);
  });
});

describe("a product's kind and the query's", () => {
  const catalogue = generateCatalog({ products: 300, seed: 2011 });

  it('reads the kind from category names up to "за", without the brand and the model words', () => {
    expect(categoryKindStems('Каишки за Apple Watch')).toEqual([kindStem('каишки')]);
    expect(categoryKindStems('Apple Watch')).toEqual(['watch']);
    expect(categoryKindStems('MacBook Pro')).toEqual(['macbook']);
    expect(categoryKindStems('Зарядни, кабели и адаптери')).toEqual(
      ['зарядни', 'кабели', 'адаптери'].map((w) => kindStem(w)),
    );
    const iphone = catalogue.products.find((p) => p.name.startsWith('iPhone'))!;
    expect(productKinds(iphone)).toEqual(expect.arrayContaining([kindStem('телефони'), 'iphon']));
  });

  it('every synonym points at a word of a category the shop has', () => {
    const stems = new Set(catalogue.categories.flatMap((c) => categoryKindStems(c.name)));
    for (const [word, targets] of Object.entries(KIND_SYNONYMS)) {
      for (const target of targets) expect(stems.has(kindStem(target)), `${word} -> ${target}`).toBe(true);
    }
  });

  it("a word names its own kind or its synonyms'; brand and model words name none", () => {
    expect(queryWordKinds('смартфони', 'smartfoni')).toEqual([kindStem('телефони')]);
    expect(queryWordKinds('компютри', 'kompyutri')).toEqual([kindStem('лаптопи'), 'mac'].sort());
    expect(queryWordKinds('часовници', 'chasovnitsi')).toEqual(['watch']);
    expect(queryKinds({ terms: ['apple', 'pro'], latin: ['apple', 'pro'] })).toEqual([[], []]);
  });

  it('Elasticsearch matches the same stems on search.kind, 40 per word, beside the text', () => {
    const request = buildSearchRequest({ mode: 'search', text: 'телефони' }, { index: 'p', categories: [] })!;
    expect(JSON.stringify(request.query)).toContain(
      JSON.stringify({ constant_score: { filter: { terms: { 'search.kind': ['telefon'] } }, boost: 40 } }),
    );
  });
});
