import type { Place } from './place.ts';
import { searchKey } from './transliterate.ts';

/** The most cities one answer lists: a combobox shows a handful, and an answer stays small on a slow phone. */
export const PLACES_MAX_RESULTS = 20;
export const PLACES_DEFAULT_RESULTS = 10;

interface Entry {
  place: Place;
  /** The search key of the name ("veliko tarnovo"), and each word's offset in it. */
  key: string;
  wordStarts: number[];
  /** Towns first, then the more postcodes (the larger place), for ranking. */
  weight: number;
}

export interface PlaceIndex {
  readonly size: number;
  /**
   * Settlements whose name, in Cyrillic or Latin, starts with the query, or has a word that does ("търн" and "tarn"
   * both find Veliko Tarnovo); digits search postcodes by prefix. Best first: an exact name, then a name that
   * starts with the query, then a word; towns before villages, larger before smaller. An empty query lists the
   * largest towns.
   */
  search(query: string, limit?: number): Place[];
  /** The settlements a postcode belongs to (one, mostly; a few villages share a post office). */
  byPostcode(postcode: string): Place[];
  /** The one postcode to fill in for a settlement, when it has exactly one. */
  postcodeOf(place: Place): string | undefined;
}

const TYPE_WEIGHT: Readonly<Record<Place['type'], number>> = { 'гр.': 3_000, 'к.к.': 2_000, 'ман.': 1_000, 'с.': 0 };

const wordStartsOf = (key: string): number[] => {
  const starts = [0];
  for (let i = 1; i < key.length; i++) if (key[i - 1] === ' ') starts.push(i);
  return starts;
};

/** Whether a name, or a word of it, starts with the query (in either script). */
export const nameMatches = (name: string, query: string): boolean => {
  const key = searchKey(name);
  const wanted = searchKey(query);
  return wordStartsOf(key).some((start) => key.startsWith(wanted, start));
};

const clampLimit = (limit: number | undefined): number =>
  Math.max(1, Math.min(PLACES_MAX_RESULTS, Math.floor(limit ?? PLACES_DEFAULT_RESULTS)));

export const createPlaceIndex = (places: readonly Place[]): PlaceIndex => {
  const entries: Entry[] = places.map((place) => {
    const key = searchKey(place.name);
    return { place, key, wordStarts: wordStartsOf(key), weight: TYPE_WEIGHT[place.type] + place.postcodes.length };
  });
  // Ties by the search key: a collator's first use costs a phone more than the whole index.
  const byWeight = (a: Entry, b: Entry) => b.weight - a.weight || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const largestFirst = [...entries].sort(byWeight);
  const postcodes = new Map<string, Place[]>();
  for (const { place } of entries) {
    for (const code of place.postcodes) postcodes.set(code, [...(postcodes.get(code) ?? []), place]);
  }

  const rank = (entry: Entry, query: string): number => {
    if (entry.key === query) return 0;
    if (entry.key.startsWith(query)) return 1;
    return entry.wordStarts.some((start) => entry.key.startsWith(query, start)) ? 2 : -1;
  };

  return {
    size: entries.length,
    search(query, limit) {
      const max = clampLimit(limit);
      const trimmed = query.trim();
      if (/^\d{1,4}$/.test(trimmed)) {
        return largestFirst
          .filter((entry) => entry.place.postcodes.some((code) => code.startsWith(trimmed)))
          .slice(0, max)
          .map((entry) => entry.place);
      }
      const key = searchKey(trimmed);
      if (key.length === 0) return largestFirst.slice(0, max).map((entry) => entry.place);
      const found: { entry: Entry; rank: number }[] = [];
      for (const entry of largestFirst) {
        const r = rank(entry, key);
        if (r >= 0) found.push({ entry, rank: r });
      }
      // A stable sort: within a rank, the order is largestFirst's.
      found.sort((a, b) => a.rank - b.rank);
      return found.slice(0, max).map(({ entry }) => entry.place);
    },
    byPostcode: (postcode) => postcodes.get(postcode.trim()) ?? [],
    postcodeOf: (place) => (place.postcodes.length === 1 ? place.postcodes[0] : undefined),
  };
};
