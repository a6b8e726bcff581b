/**
 * A light Bulgarian stemmer for the words that name a kind of product (issue 29): "телефон" and "телефони",
 * "компютър" and "компютри", "зарядно" and "зарядни", "часовник" and "часовници" end on one stem. It works on a
 * word already folded to Latin (schema/search/cross-script.ts), so a word typed in either script ("kompyutri")
 * stems as its Cyrillic spelling does, and it runs the same on the category names (at indexing) and on the query,
 * so only what the two sides share matters, not whether the stem is a real root.
 *
 * Deliberately light (no dictionary): one definite article, then one plural or gender ending, then the two
 * spelling changes Bulgarian plurals make most: the vowel a -ър/-ъл/-ен word loses ("компютър" -> "компютри",
 * "външен" -> "външни") and "-ик" -> "-ици" ("часовник" -> "часовници"). A stem keeps at least 3 letters, so
 * short model words ("pro", "air", "se") stay whole.
 */

/** Definite articles, folded: -ите, -ът, -ят, -та, -то, -те (longest first). */
const ARTICLES = ['ite', 'yat', 'at', 'ta', 'to', 'te'] as const;
/** Plural and gender endings, folded: -ища, -ове, -еве, -и, -а, -я, -о, -е (longest first). */
const ENDINGS = ['ishta', 'ove', 'eve', 'i', 'ya', 'a', 'o', 'e'] as const;
const MIN_STEM = 3;

const CONSONANT = /[bcdfghjklmnpqrstvwxz]/u;

const strip = (word: string, endings: readonly string[]): string => {
  for (const ending of endings) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) return word.slice(0, -ending.length);
  }
  return word;
};

/** The stem of a lower-cased word folded to Latin. */
export const stemFolded = (word: string): string => {
  if (!/^[a-z]+$/u.test(word)) return word;
  // "часовници" -> "часовник": the plural's ц is the singular's к.
  if (word.endsWith('tsi') && word.length - 3 >= MIN_STEM) return `${word.slice(0, -3)}k`;
  let stem = strip(strip(word, ARTICLES), ENDINGS);
  // The vowel a plural drops: "kompyutar" / "kompyutri", "vanshen" / "vanshni", "kabel" / "kabeli".
  const n = stem.length;
  if (
    n >= 5 &&
    CONSONANT.test(stem[n - 3] as string) &&
    ((stem[n - 2] === 'a' && /[rl]/u.test(stem[n - 1] as string)) ||
      (stem[n - 2] === 'e' && /[rln]/u.test(stem[n - 1] as string)))
  ) {
    stem = stem.slice(0, n - 2) + (stem[n - 1] as string);
  }
  return stem;
};
