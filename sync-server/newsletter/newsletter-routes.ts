import { Router } from 'express';
import { NEWSLETTER_MESSAGES, newsletterBodySchema } from '../../schema/newsletter/newsletter.ts';
import { deliverOnce } from '../accounts/mail-transport.ts';
import { clientAddress, enforceLimit, limitKey } from '../accounts/rate-limit.ts';
import { emailKeyOf } from '../accounts/users.ts';
import { publicUrl } from '../alerts/public-url.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Database } from '../store/database.ts';
import { subscribe, unsubscribe } from './newsletter-store.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';

/** Subscriptions asked from one address, and confirmation mails to one e-mail, per hour. */
export const NEWSLETTER_LIMITS = {
  address: { max: 20, windowSeconds: 3600 },
  email: { max: 3, windowSeconds: 3600 },
} as const;

/**
 * POST /api/user/subscribe { email } (or the spec's { data: { email } }) and DELETE with { email }: open to guests
 * (the footer, a popup) and users (the account page); no token needed. The answer is `{ code: 200, result: message }`
 * in the language asked for. Whether an address is subscribed is not told: a confirmed address gets the same answer
 * as a new one, and no mail.
 */
export const newsletterRoutes = (db: Database): Router => {
  const router = Router();
  router.post('/user/subscribe', async (req, res) => {
    const { email, language } = parseInput(newsletterBodySchema, req.body, 'body');
    await enforceLimit(
      db,
      res,
      limitKey('newsletter-address', clientAddress(req)),
      NEWSLETTER_LIMITS.address,
      'Too many subscriptions from this address',
    );
    await enforceLimit(
      db,
      res,
      limitKey('newsletter-email', emailKeyOf(email)),
      NEWSLETTER_LIMITS.email,
      'Too many confirmation mails for this e-mail address',
      'email',
    );
    const outcome = await subscribe(db, email, language, publicUrl());
    if (outcome.kind === 'confirm-sent') await deliverOnce(outcome.mail);
    ok(res, NEWSLETTER_MESSAGES[language].confirmSent);
  });
  router.delete('/user/subscribe', async (req, res) => {
    const { email, language } = parseInput(newsletterBodySchema, req.body, 'body');
    await enforceLimit(
      db,
      res,
      limitKey('newsletter-address', clientAddress(req)),
      NEWSLETTER_LIMITS.address,
      'Too many subscriptions from this address',
    );
    await unsubscribe(db, { email }, 'form');
    ok(res, NEWSLETTER_MESSAGES[language].unsubscribed);
  });
  return router;
};

export const newsletterApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/user/subscribe',
    summary: 'Subscribe an address to the newsletter (a confirmation e-mail is sent)',
    access: 'public',
    request: { body: newsletterBodySchema },
    responses: okAnswer('The message to show'),
  },
  {
    method: 'delete',
    path: '/api/user/subscribe',
    summary: 'Unsubscribe an address',
    access: 'public',
    request: { body: newsletterBodySchema },
    responses: okAnswer('The message to show'),
  },
];
