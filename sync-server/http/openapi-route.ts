/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 description of every route under /api and /sync and of the probes.
 * Each feature lists its routes beside its router (api-description.ts says how); this file only gathers the lists.
 * A new route module adds its list to API_FEATURES; the test tests/integration/openapi-description.test.ts fails
 * while a served route is missing from the description, or the description names a route nobody serves.
 */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { userApi } from '../accounts/user-routes.ts';
import { adPhotosApi } from '../ad-photos/index.ts';
import { adApi } from '../ads/ad-routes.ts';
import { operatorAdApi } from '../ads/operator-ad-routes.ts';
import { alertsApi } from '../alerts/alerts-routes.ts';
import { cartApi } from '../cart/cart-routes.ts';
import { catalogApi } from '../catalog/catalog-routes.ts';
import { challengeApi } from '../challenge/challenge-routes.ts';
import { creditApi } from '../credit/credit-routes.ts';
import { mailApi } from '../mail/mail-routes.ts';
import { retentionApi } from '../retention/index.ts';
import { dataRightsApi } from '../data-rights/index.ts';
import { newsletterApi } from '../newsletter/newsletter-routes.ts';
import { operatorApi } from '../operator/operator-routes.ts';
import { auditApi } from '../ops/audit-routes.ts';
import { commandLogApi } from '../ops/command-log-routes.ts';
import { failureApi } from '../ops/failure-routes.ts';
import { operatorAccountApi } from '../ops/operator-account-routes.ts';
import { queueApi } from '../ops/queue-routes.ts';
import { statsApi } from '../ops/stats-routes.ts';
import { operatorOrderApi } from '../orders/operator-order-routes.ts';
import { orderApi } from '../orders/order-routes.ts';
import { paymentApi } from '../payments/payment-routes.ts';
import { paymentSpecApi } from '../payments/payment-spec-routes.ts';
import { refundApi } from '../payments/refund.ts';
import { placesApi } from '../places/places-routes.ts';
import { operatorReviewApi } from '../reviews/operator-review-routes.ts';
import { syncApi } from '../sync/sync-routes.ts';
import { describeApi, type ApiFeature, type OpenApiDocument } from './api-description.ts';
import { probesApi } from './probes.ts';

/** The version of the API the document describes; raise it when a route changes in a way a caller notices. */
export const API_VERSION = '1.0.0';

const descriptionApi: ApiFeature = {
  tag: 'description',
  routes: [
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This description (OpenAPI 3.1)',
      access: 'public',
      responses: { 200: { description: 'The OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
    },
  ],
};

/** Every feature's routes, in the order the document lists them. */
export const API_FEATURES: readonly ApiFeature[] = [
  probesApi,
  descriptionApi,
  { tag: 'sync', routes: syncApi },
  catalogApi,
  { tag: 'cart', routes: [...cartApi, ...placesApi] },
  { tag: 'account', routes: [...userApi, ...dataRightsApi] },
  { tag: 'alerts and mailings', routes: alertsApi },
  { tag: 'newsletter', routes: newsletterApi },
  { tag: 'orders', routes: [...orderApi, ...creditApi] },
  { tag: 'payments', routes: [...paymentApi, ...paymentSpecApi] },
  { tag: 'ads', routes: adApi },
  adPhotosApi,
  { tag: 'challenge', routes: challengeApi },
  {
    tag: 'operator',
    routes: [...operatorOrderApi, ...refundApi, ...operatorAdApi, ...operatorReviewApi, ...mailApi, ...operatorApi],
  },
  {
    tag: 'operator console',
    routes: [
      ...operatorAccountApi,
      ...auditApi,
      ...queueApi,
      ...commandLogApi,
      ...failureApi,
      ...statsApi,
      ...retentionApi,
    ],
  },
];

let built: OpenApiDocument | undefined;

/** The document, built once on first use (every schema is static). */
export const apiDocument = (): OpenApiDocument => (built ??= describeApi(API_FEATURES, API_VERSION));

/** The handler of GET /api/openapi.json. */
export const openApiRoute = (): RequestHandler => (_req, res) => {
  res.set('Cache-Control', 'no-cache').json(apiDocument());
};
