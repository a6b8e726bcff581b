import { z } from 'zod';
import { nameMatches, PLACES_MAX_RESULTS, type PlaceIndex } from './lookup.ts';
import { postcodeSchema, type Place } from './place.ts';

/**
 * The spec's `POST /api/cart/shipping-cities` ("result: cities"): a city by the start of its name (Cyrillic or
 * Latin) or by its postcode. Both absent lists the largest towns; both given, the named cities with that postcode.
 */
export const shippingCitiesRequestSchema = z
  .object({
    query: z.string().max(60).optional(),
    postcode: postcodeSchema.optional(),
    limit: z.number().int().min(1).max(PLACES_MAX_RESULTS).optional(),
  })
  .strict();
export type ShippingCitiesRequest = z.infer<typeof shippingCitiesRequestSchema>;

/** A city as the call answers it. */
export interface ShippingCity {
  id: string;
  name: string;
  nameLatin: string;
  type: Place['type'];
  municipality: string;
  region: string;
  postcodes: string[];
}

export const toShippingCity = (place: Place): ShippingCity => ({
  id: place.ekatte,
  name: place.name,
  nameLatin: place.nameLatin,
  type: place.type,
  municipality: place.municipality,
  region: place.region,
  postcodes: place.postcodes,
});

/** The call's rule, pure, so the server and an offline device answer the same. */
export const findShippingCities = (index: PlaceIndex, request: ShippingCitiesRequest): ShippingCity[] => {
  const { query, postcode, limit } = request;
  if (postcode !== undefined) {
    return index
      .byPostcode(postcode)
      .filter((place) => !query?.trim() || nameMatches(place.name, query))
      .slice(0, limit ?? PLACES_MAX_RESULTS)
      .map(toShippingCity);
  }
  return index.search(query ?? '', limit).map(toShippingCity);
};
