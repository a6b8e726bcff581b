import { createPlaceIndex, type PlaceIndex } from '../../schema/places/lookup.ts';
import { parsePlaceLine, placesTsvLines } from '../../schema/places/place.ts';
import { mapInSlices, yieldToMain } from '../lib/main-thread.ts';
import { importWhenReachable } from '../lib/import-when-reachable.ts';

let loading: Promise<PlaceIndex> | undefined;

const load = async (): Promise<PlaceIndex> => {
  const { placesTsv } = await importWhenReachable(() => import('./places-chunk.ts'));
  // 5,351 rows validated with the server's schema: in slices, so a phone's taps are not kept waiting.
  const places = await mapInSlices(placesTsvLines(placesTsv), parsePlaceLine);
  await yieldToMain();
  return createPlaceIndex(places);
};

/** The settlements' index, loaded once (a dynamic import: see places-chunk.ts); a failed load is tried again. */
export const loadPlaceIndex = (): Promise<PlaceIndex> => {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
