import { Router, type Response } from 'express';
import { z } from 'zod';
import type { MailLanguage } from '../../schema/alerts/account-settings.ts';
import { newsletterTokenSchema } from '../../schema/newsletter/newsletter.ts';
import { publicUrl } from '../alerts/public-url.ts';
import type { Database } from '../store/database.ts';
import { oneClickBody, requireOneClick } from '../consent/index.ts';
import { sendPlainPage } from '../http/plain-page.ts';
import { HttpProblem } from '../http/problem.ts';
import { confirmSubscription, unsubscribe } from './newsletter-store.ts';

const PAGE_TEXTS = {
  bg: {
    confirmed: 'Абонаментът ви за бюлетина е потвърден. Изпратихме ви кода за отстъпка по имейл.',
    unknown: 'Връзката не е валидна или вече е използвана.',
    expired: 'Връзката е изтекла: абонирайте се отново.',
    unsubscribed: 'Отписахте се от бюлетина.',
  },
  en: {
    confirmed: 'Your newsletter subscription is confirmed. We have e-mailed you the discount code.',
    unknown: 'The link is not valid or has been used already.',
    expired: 'The link has expired: subscribe again.',
    unsubscribed: 'You have unsubscribed from the newsletter.',
  },
} as const;

const page = (res: Response, status: number, language: MailLanguage, message: string): void =>
  sendPlainPage(res, { status, language, message, testId: 'newsletter-answer', homeUrl: publicUrl() });

const querySchema = z.object({ token: newsletterTokenSchema }).loose();

/**
 * GET /newsletter/confirm?token= and GET /newsletter/unsubscribe?token=: the links of the newsletter's mails; POST
 * /newsletter/unsubscribe?token=: the same unsubscription in one click from the reader's mail client (RFC 8058).
 */
export const newsletterPages = (db: Database): Router => {
  const router = Router();
  router.get('/confirm', async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return page(res, 400, 'bg', PAGE_TEXTS.bg.unknown);
    const outcome = await confirmSubscription(db, query.data.token, publicUrl());
    if (outcome.kind === 'unknown-link') return page(res, 404, 'bg', PAGE_TEXTS.bg.unknown);
    if (outcome.kind === 'expired') return page(res, 410, outcome.language, PAGE_TEXTS[outcome.language].expired);
    page(res, 200, outcome.language, PAGE_TEXTS[outcome.language].confirmed);
  });
  router.get('/unsubscribe', async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return page(res, 400, 'bg', PAGE_TEXTS.bg.unknown);
    const outcome = await unsubscribe(db, { token: query.data.token }, 'link');
    page(res, 200, outcome.language, PAGE_TEXTS[outcome.language].unsubscribed);
  });
  // RFC 8058: the reader's mail client posts `List-Unsubscribe=One-Click` to the mail's List-Unsubscribe address.
  router.post('/unsubscribe', oneClickBody, async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) throw new HttpProblem(400, 'token: not an unsubscribe token', 'token');
    requireOneClick(req.body);
    await unsubscribe(db, { token: query.data.token }, 'one-click');
    res.status(200).type('text').send('unsubscribed');
  });
  return router;
};
