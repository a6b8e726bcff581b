import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../schema/checkout/methods.ts';
import { authenticate, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { attemptByProviderRef } from './attempt-store.ts';
import { attemptWithOrder, beginAttempt, gatewayAttemptOf, type BeginOutcome } from './begin.ts';
import type { AttemptVerdict } from './gateway.ts';
import { gatewayOf, isMethodOffered } from './payment-settings.ts';
import { settleAttempt } from './settle.ts';
import { logProviderTrouble } from './provider-trouble.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';

/** Where the shopper's browser lands after a provider's page: the client's result page (client/payments). */
export const resultPath = (orderId?: string): string => (orderId ? `/payment/result/${orderId}` : '/payment/result');

export const languageOf = (req: Request): 'bg' | 'en' => (req.acceptsLanguages('bg', 'en') === 'en' ? 'en' : 'bg');

const attemptParamsSchema = z.object({ attemptId: z.string().max(36) });
/** A provider's answer through the browser: flat text fields, each bounded (nothing in it is believed yet). */
const answerSchema = z.record(z.string().max(64), z.string().max(4096));

type ReturnKind = 'answer' | 'cancel';

/**
 * An answer that came back through the shopper's browser (BORICA's BACKREF form, PayPal's return or cancel): the
 * gateway finds the attempt's reference in it and judges it (verifying BORICA's P_SIGN, capturing at PayPal), the
 * hub settles. An attempt settled already is not asked again (no capture after a decline; a repeated BACKREF is one
 * settlement). A bad, unknown or unverifiable answer, or a provider that fails to answer, never makes a 500: the
 * browser goes to the result page and the reconciler asks the provider later.
 */
const settleFromBrowser = async (
  db: Database,
  provider: 'borica' | 'paypal',
  answer: Record<string, string>,
  kind: ReturnKind,
): Promise<string> => {
  const gateway = gatewayOf(provider);
  const ref = gateway?.referenceOf(answer);
  const row = gateway && ref ? await attemptByProviderRef(db, provider, ref) : undefined;
  if (!gateway || !row) return resultPath();
  if (row.status === 'paid' || row.status === 'declined') return resultPath(row.order_id);
  try {
    const found = await attemptWithOrder(db, row.attempt_id);
    if (!found) return resultPath(row.order_id);
    const attempt = gatewayAttemptOf(row, found.order);
    // A cancel without the attempt's secret changes nothing: the provider's id is no proof of being its payer.
    if (kind === 'cancel' && gateway.isOwnCancel?.(attempt, answer) !== true) return resultPath(row.order_id);
    let verdict: AttemptVerdict;
    if (kind === 'cancel') {
      // The shopper left PayPal's page: asked what became of the order (a capture if it was approved after all);
      // nothing decided there is the shopper's own decline, so the order may be paid again.
      const status = await gateway.status(attempt);
      verdict =
        status.kind === 'pending' || status.kind === 'unknown'
          ? {
              kind: 'declined',
              providerRef: row.provider_ref,
              code: 'CANCELLED',
              message: 'Плащането е прекратено от купувача.',
              retryable: true,
            }
          : status;
    } else verdict = await gateway.settleReturn(attempt, answer);
    await settleAttempt(db, row, verdict);
  } catch (error) {
    logProviderTrouble(`${provider} answer for attempt ${row.attempt_id} left to the reconciler`, error);
  }
  return resultPath(row.order_id);
};

/** Begins an attempt, or the HTTP problem the caller answers (a provider that fails is a 502: ask again). */
export const beginOrProblem = async (
  db: Database,
  attemptId: string,
  owner: string,
  language: 'bg' | 'en',
): Promise<Extract<BeginOutcome, { kind: 'step' }>> => {
  let begun: BeginOutcome;
  try {
    begun = await beginAttempt(db, attemptId, owner, language);
  } catch (error) {
    logProviderTrouble(`begin of attempt ${attemptId} failed`, error);
    throw new HttpProblem(502, 'The payment provider did not answer; try again');
  }
  // Another owner's attempt is not found: nothing to learn about it.
  if (begun.kind === 'not_found') throw new HttpProblem(404, `No payment attempt ${attemptId}`, 'attemptId');
  if (begun.kind === 'closed') throw new HttpProblem(409, 'This payment attempt is no longer open', 'attemptId');
  if (begun.kind === 'unavailable') throw new HttpProblem(503, 'This payment method is not available now');
  return begun;
};

/**
 * Mounted at /api/payments:
 * - GET /methods (public): the payment methods' codes this server takes (online ones only with their gateway), for
 *   the checkout to offer no method an order would be refused for.
 * - POST /:attemptId/begin (the attempt's owner): the browser's step to pay (the signed BORICA form, PayPal's link).
 * - POST /borica/backref (public, BORICA posts the shopper's browser here as a form): 303 to the result page.
 * - GET /paypal/return?token=&PayerID=, GET /paypal/cancel?key=&token= (public, PayPal's redirects): likewise; a
 *   cancel counts only with the attempt's key (the cancel_url we gave PayPal carries it).
 */
export const paymentRoutes = (db: Database): Router => {
  const router = Router();

  router.get('/methods', (_req, res) => {
    ok(res, { methods: PAYMENT_METHODS.filter(isMethodOffered).map((m) => m.code) });
  });

  router.post('/borica/backref', express.urlencoded({ extended: false, limit: '64kb' }), async (req, res) => {
    const answer = answerSchema.safeParse(req.body ?? {});
    res.redirect(303, answer.success ? await settleFromBrowser(db, 'borica', answer.data, 'answer') : resultPath());
  });

  router.get('/paypal/return', async (req, res) => {
    const answer = answerSchema.safeParse(req.query);
    res.redirect(303, answer.success ? await settleFromBrowser(db, 'paypal', answer.data, 'answer') : resultPath());
  });

  router.get('/paypal/cancel', async (req, res) => {
    const answer = answerSchema.safeParse(req.query);
    res.redirect(303, answer.success ? await settleFromBrowser(db, 'paypal', answer.data, 'cancel') : resultPath());
  });

  router.post('/:attemptId/begin', authenticate(db), async (req, res) => {
    const { attemptId } = parseInput(attemptParamsSchema, req.params, 'params');
    const begun = await beginOrProblem(db, attemptId, principalOf(req).owner, languageOf(req));
    res.json(begun.step);
  });

  return router;
};

const redirect = { 303: { description: 'To the payment’s result page' } };

export const paymentApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/payments/methods',
    summary: 'The payment methods this server takes',
    access: 'public',
    responses: okAnswer('`{ methods }`', z.object({ methods: z.array(z.string()) })),
  },
  {
    method: 'post',
    path: '/api/payments/borica/backref',
    summary: "BORICA's return of the shopper's browser (a form post)",
    access: 'public',
    request: { body: answerSchema, bodyType: 'application/x-www-form-urlencoded' },
    responses: redirect,
  },
  {
    method: 'get',
    path: '/api/payments/paypal/return',
    summary: "PayPal's return of the shopper's browser",
    access: 'public',
    request: { query: z.object({ token: z.string().optional(), PayerID: z.string().optional() }) },
    responses: redirect,
  },
  {
    method: 'get',
    path: '/api/payments/paypal/cancel',
    summary: "PayPal's cancel (counts only with the attempt's key)",
    access: 'public',
    request: { query: z.object({ key: z.string().optional(), token: z.string().optional() }) },
    responses: redirect,
  },
  {
    method: 'post',
    path: '/api/payments/:attemptId/begin',
    summary: "The browser's step to pay an attempt (BORICA's signed form, PayPal's link)",
    access: 'token',
    request: { params: attemptParamsSchema },
    responses: {
      200: { description: 'The step', schema: jsonObject('A form to post or a link to follow') },
      404: { description: 'No such attempt of the caller' },
      409: { description: 'The attempt is closed' },
      502: { description: 'The provider did not answer' },
    },
  },
];
