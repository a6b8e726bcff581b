import { Router } from 'express';
import { creditCalculatorRequestSchema, creditOffers } from '../../schema/credit/index.ts';
import { ok, parseInput } from '../http/respond.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

/**
 * `POST /api/order/credit-calculator` (spec commerce.md section 7: "response code 200, result credit details"): the
 * calculator's offers per provider for a price and a down payment, the same pure functions the checkout runs on the
 * device, so the figures the shopper saw offline are the ones the server answers and the order is checked against.
 * Public (no token): it reads nothing but its body. A bad field is a 400 naming it. Mounted by the app at
 * `/api/order` (`app.use('/api/order', creditRoutes())`).
 */
export const creditRoutes = (): Router => {
  const router = Router();
  router.post('/credit-calculator', (req, res) => {
    const request = parseInput(creditCalculatorRequestSchema, req.body, 'body');
    const offers = creditOffers(request.price, request.downPayment, request.provider).map((offer) =>
      request.months === undefined
        ? offer
        : { ...offer, terms: offer.terms.filter((t) => t.months === request.months) },
    );
    ok(res, { price: request.price, downPayment: request.downPayment, offers });
  });
  return router;
};

export const creditApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/order/credit-calculator',
    summary: "Credit offers for a price (TBI, UniCredit...), of a term's months when given",
    access: 'public',
    request: { body: creditCalculatorRequestSchema },
    responses: okAnswer('`{ price, downPayment, offers }`', jsonObject('Offers by provider')),
  },
];
