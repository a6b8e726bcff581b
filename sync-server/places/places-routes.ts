import { Router } from 'express';
import { findShippingCities, shippingCitiesRequestSchema } from '../../schema/places/index.ts';
import { ok, parseInput } from '../http/respond.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { placeIndex } from './load-places.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

/**
 * `POST /api/cart/shipping-cities` (spec section 7): body `{ query?, postcode?, limit? }`, answer
 * `{ code: 200, result: cities }`, at most 20. Public data, so no token is asked for; a bad field is a 400 naming it.
 */
export const placesRoutes = (): Router => {
  const router = Router();
  router.post('/shipping-cities', refuseUnstorableInput(), (req, res) => {
    const request = parseInput(shippingCitiesRequestSchema, req.body, 'body');
    ok(res, findShippingCities(placeIndex(), request));
  });
  return router;
};

export const placesApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/cart/shipping-cities',
    summary: 'Cities (and offices) matching what the shopper typed, for the shipping form',
    access: 'public',
    request: { body: shippingCitiesRequestSchema },
    responses: okAnswer('Matching cities', jsonObject('Cities')),
  },
];
