import { BG_LATIN_LETTERS } from '../places/transliterate.ts';
import { boundedEditDistance, tokenize } from './text.ts';

/**
 * How the search meets Bulgarian shoppers across scripts (issue 19). Both engines index every product name a
 * second time folded to Latin (`name.latin`), and the name's head, the words before "за", "с", "+" or a comma
 * (`name.head`, folded too): "Калъф ESR за MacBook Air" is a case, "MacBook Air 13" M4, ..." is a MacBook, and a
 * query that names a MacBook should find the MacBook before what fits it. The query is folded the same way, with
 * the names Bulgarians give Apple's products ("айфон", "макбук", "еърподс") and English product words ("case")
 * put in the words the catalogue uses. The folding is the Transliteration Act's letters, one per letter, which
 * Elasticsearch's `mapping` char filter does identically (sync-server/search/elasticsearch-mapping.ts).
 */

/**
 * Cyrillic letter -> Latin, as the Transliteration Act writes it ("ъ" a, "щ" sht): the places' table
 * (schema/places/transliterate.ts), applied letter by letter (without its "-ia" ending rule, which Elasticsearch's
 * char filter could not mirror), plus "ѝ".
 */
export const FOLD_TO_LATIN: Readonly<Record<string, string>> = { ...BG_LATIN_LETTERS, ѝ: 'i' };

const CYRILLIC = /[\u0400-\u04ff]/u;

/** A lower-cased token in Latin letters (a Latin or numeric token is itself). */
export const foldToLatin = (token: string): string => {
  if (!CYRILLIC.test(token)) return token;
  let out = '';
  for (const char of token) out += FOLD_TO_LATIN[char] ?? char;
  return out;
};

/**
 * Apple's names as Bulgarians write them by ear (folded to Latin) -> the brand's spelling: "айфон" is "iPhone", not
 * "ayfon". The catalogue's search and the ads' (schema/ads/ad-search-key.ts) both read them from here.
 */
export const SPOKEN_APPLE_NAMES: Readonly<Record<string, string>> = {
  ayfon: 'iphone',
  ayfona: 'iphone',
  ayfoni: 'iphone',
  makbuk: 'macbook',
  makbuka: 'macbook',
  makbutsi: 'macbook',
  aypad: 'ipad',
  aypada: 'ipad',
  aypadi: 'ipad',
  aymak: 'imac',
  mak: 'mac',
  earpods: 'airpods',
  earpod: 'airpods',
  eyrpods: 'airpods',
  erpods: 'airpods',
  ear: 'air',
  eyr: 'air',
  epal: 'apple',
  epl: 'apple',
  eypal: 'apple',
  uoch: 'watch',
  uotch: 'watch',
  uach: 'watch',
  votch: 'watch',
  houmpod: 'homepod',
  hompod: 'homepod',
  aypod: 'ipod',
  pensil: 'pencil',
  magseyf: 'magsafe',
  medzhik: 'magic',
  maus: 'mouse',
  kiybord: 'keyboard',
  kibord: 'keyboard',
  trakpad: 'trackpad',
  displey: 'display',
  ayrtag: 'airtag',
  eyrtag: 'airtag',
  aytag: 'airtag',
  maks: 'max',
  seriya: 'series',
};

/**
 * Query words (folded) -> the catalogue's word (folded): Apple's names as Bulgarians write them, and English
 * product words for a catalogue written in Bulgarian. Applied to the query only; a word one edit away from a key
 * of 5 letters or more counts too ("айфонн").
 */
export const QUERY_SYNONYMS: Readonly<Record<string, string>> = {
  ...SPOKEN_APPLE_NAMES,
  case: 'kalaf',
  cover: 'kalaf',
  sleeve: 'kalaf',
  charger: 'zaryadno',
  cable: 'kabel',
  strap: 'kaishka',
  band: 'kaishka',
  protector: 'protektor',
};

/**
 * Words that name a kind of accessory (folded). A query holding one wants that kind: the word must match
 * ("калъф за iphone 17" lists cases, not iPhones that match two words of four).
 */
export const PRODUCT_TYPE_WORDS: ReadonlySet<string> = new Set([
  'kalaf',
  'kalafi',
  'zaryadno',
  'zaryadni',
  'kabel',
  'kabeli',
  'protektor',
  'protektori',
  'kaishka',
  'kaishki',
  'verizhka',
  'adapter',
  'portfeyl',
]);

/** The entry of `table` a word is, or is one edit from when both have 5 letters or more. */
const nearest = <T>(word: string, table: ReadonlyMap<string, T>): T | undefined => {
  const exact = table.get(word);
  if (exact !== undefined || word.length < 5) return exact;
  for (const [key, value] of table) {
    if (key.length >= 5 && Math.abs(key.length - word.length) <= 1 && boundedEditDistance(word, key, 1) <= 1)
      return value;
  }
  return undefined;
};

const SYNONYMS = new Map(Object.entries(QUERY_SYNONYMS));
const TYPE_WORDS = new Map([...PRODUCT_TYPE_WORDS].map((w) => [w, w]));

/** A query term in the Latin fields' words: folded, then the catalogue's word for it when there is one. */
export const latinQueryTerm = (term: string): string => {
  const folded = foldToLatin(term);
  return nearest(folded, SYNONYMS) ?? folded;
};

export interface AnalysedQuery {
  /** The query's distinct words as typed (lower-cased): matched against `name` and `category.name`. */
  readonly terms: readonly string[];
  /** The same words in the Latin fields' terms, one per word (same order): matched against the Latin fields. */
  readonly latin: readonly string[];
  /**
   * Accessory words that must match, with the usual fuzziness: `latin` in `name.latin`, or the word as typed in
   * `category.name` ("зарядни" asks for the category "Зарядни и кабели").
   */
  readonly required: readonly { readonly term: string; readonly latin: string }[];
}

/** The query as both engines search it. */
export const analyseQuery = (text: string): AnalysedQuery => {
  const terms = [...new Set(tokenize(text))];
  const latin = terms.map(latinQueryTerm);
  const required = terms.flatMap((term, i) => {
    const word = nearest(latin[i]!, TYPE_WORDS);
    return word ? [{ term, latin: word }] : [];
  });
  return { terms, latin, required };
};

/** Where a product name's head ends: the first comma, "+", or a joining word ("за", "с", "for", "with", a dash). */
const HEAD_END = /,|\s\+\s|\s(?:за|с|със|for|with|–|-)\s/iu;

/** The words that say what a product is ("Силиконов калъф" of "Силиконов калъф с MagSafe за iPhone 17"). */
export const nameHead = (name: string): string => {
  const end = HEAD_END.exec(name);
  return end ? name.slice(0, end.index) : name;
};

/** A name's tokens for `name.latin`. */
export const latinTokens = (name: string): string[] => tokenize(name).map(foldToLatin);
/** A name's head's tokens for `name.head`. */
export const headTokens = (name: string): string[] => tokenize(nameHead(name)).map(foldToLatin);
