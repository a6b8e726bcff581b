import placesTsv from '../../data/places/bg-places.tsv?raw';

/**
 * The settlements as a chunk of their own (74 KB gzip), loaded by the city field only: never in the first page. The
 * service worker precaches it with the rest of the build's JavaScript, so the field works offline once the store
 * has been installed. Parsed and validated by load-places.ts, in slices.
 */
export { placesTsv };
