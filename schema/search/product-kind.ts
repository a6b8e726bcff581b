import type { CatalogProduct } from '../catalog/catalog-product.ts';
import { stemFolded } from './bg-stem.ts';
import { foldToLatin, type AnalysedQuery } from './cross-script.ts';
import { KIND_STOP_WORDS, KIND_SYNONYMS } from './kind-words.ts';
import { tokenize } from './text.ts';

/**
 * Issue 29: what kind of product a product is, as both engines match it: the stems of its categories' names
 * (folded to Latin, schema/search/bg-stem.ts), up to "за"/"for" ("Каишки за Apple Watch" are straps, not watches),
 * without joining words and the brand. The query's words are stemmed the same way and looked up in the synonym
 * table (schema/search/kind-words.ts), so "телефон", "телефони", "telefoni" and "смартфон" all name "Телефони".
 */

const STOP = new Set(KIND_STOP_WORDS.map((w) => foldToLatin(w)));
const JOIN = new Set(['za', 'for']);

/** A lower-cased token's kind stem: folded to Latin, then stemmed. */
export const kindStem = (token: string): string => stemFolded(foldToLatin(token));

/** Category name -> its kind stems: a shop has a few dozen names, and every product's indexing asks for them. */
const byName = new Map<string, readonly string[]>();

/** The kind stems of one category name. */
export const categoryKindStems = (name: string): readonly string[] => {
  const known = byName.get(name);
  if (known) return known;
  const out: string[] = [];
  for (const token of tokenize(name)) {
    const folded = foldToLatin(token);
    if (JOIN.has(folded)) break;
    if (!STOP.has(folded)) out.push(stemFolded(folded));
  }
  if (byName.size < 10_000) byName.set(name, out);
  return out;
};

/** A product's kind stems, distinct, sorted: what the `search.kind` keyword field holds. */
export const productKinds = (product: Pick<CatalogProduct, 'category'>): string[] =>
  [...new Set(product.category.flatMap((c) => categoryKindStems(c.name)))].sort();

const SYNONYMS = new Map<string, readonly string[]>(
  Object.entries(KIND_SYNONYMS).map(([word, targets]) => [kindStem(word), targets.map(kindStem)]),
);

/**
 * The kind stems one query word may name: its own stem and the stem of the catalogue word the query analysis put
 * it in (`latin`: "case" -> "kalaf"), each replaced by its synonyms' targets when the table has it. Brand, model
 * and joining words name none.
 */
export const queryWordKinds = (term: string, latin: string): string[] => {
  const folded = foldToLatin(term);
  if (STOP.has(folded) || JOIN.has(folded)) return [];
  const stems = new Set<string>();
  for (const stem of new Set([stemFolded(folded), stemFolded(latin)])) {
    if (STOP.has(stem)) continue;
    for (const target of SYNONYMS.get(stem) ?? [stem]) stems.add(target);
  }
  return [...stems].sort();
};

/** Per query word (in `analysed.terms` order), the kind stems it may name; empty for a word that names none. */
export const queryKinds = (analysed: Pick<AnalysedQuery, 'terms' | 'latin'>): string[][] =>
  analysed.terms.map((term, i) => queryWordKinds(term, analysed.latin[i] ?? term));
