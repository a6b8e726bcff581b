import { readFileSync } from 'node:fs';
import { createPlaceIndex, parsePlacesTsv, type PlaceIndex } from '../../schema/places/index.ts';

/** The store's settlements (data/places, see its README for the source and licence). */
export const PLACES_FILE = new URL('../../data/places/bg-places.tsv', import.meta.url);

let index: PlaceIndex | undefined;

/**
 * Read and validated on first use, then kept: 5,351 settlements, about 3 MB in memory. A broken file throws here,
 * naming its line, and the call answers 500 rather than a wrong city.
 */
export const placeIndex = (): PlaceIndex => {
  index ??= createPlaceIndex(parsePlacesTsv(readFileSync(PLACES_FILE, 'utf8')));
  return index;
};
