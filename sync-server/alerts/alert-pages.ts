import { Router, type Response } from 'express';
import { z } from 'zod';
import type { MailLanguage } from '../../schema/alerts/account-settings.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { oneClickBody, requireOneClick } from '../consent/index.ts';
import { sendPlainPage } from '../http/plain-page.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database } from '../store/database.ts';
import {
  alertUnsubscribeQuerySchema,
  alertUnsubscribeSecret,
  signedByStore,
  turnAlertOff,
  type AlertUnsubscribeQuery,
} from './alert-unsubscribe.ts';
import { publicUrl } from './public-url.ts';

const TEXTS = {
  bg: {
    ask: 'Да изключим ли това известие?',
    button: 'Изключи известието',
    off: 'Известието е изключено. Можете да го включите отново от страницата на продукта.',
    invalid: 'Връзката не е валидна.',
  },
  en: {
    ask: 'Turn this notification off?',
    button: 'Turn the notification off',
    off: "The notification is off. You can turn it on again on the product's page.",
    invalid: 'The link is not valid.',
  },
} as const;

/** The answer page; with `form`, a button that posts the one-click body to that address. */
const page = (res: Response, status: number, language: MailLanguage, message: string, form?: string): void => {
  const extraHtml = form
    ? `<form method="post" action="${escapeHtml(form)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<input type="hidden" name="from" value="page"><button type="submit">${TEXTS[language].button}</button></form>`
    : '';
  sendPlainPage(res, { status, language, message, testId: 'alert-answer', homeUrl: publicUrl(), extraHtml });
};

const fromPageSchema = z.object({ from: z.literal('page') }).loose();

/**
 * /alerts/unsubscribe?o=&s=&k=&t= (the address in every alert mail): a GET asks first (a mail scanner following
 * links turns nothing off), with a button that posts; a POST turns the alert off: from the reader's mail client in
 * one click (RFC 8058), or from that button.
 */
export const alertPages = (db: Database): Router => {
  const router = Router();
  const signed = async (query: unknown): Promise<AlertUnsubscribeQuery | undefined> => {
    const parsed = alertUnsubscribeQuerySchema.safeParse(query);
    if (!parsed.success) return undefined;
    return signedByStore(await alertUnsubscribeSecret(db), parsed.data) ? parsed.data : undefined;
  };
  router.get('/unsubscribe', async (req, res) => {
    if (!(await signed(req.query))) return page(res, 400, 'bg', TEXTS.bg.invalid);
    const language = req.acceptsLanguages('bg', 'en') === 'en' ? 'en' : 'bg';
    page(res, 200, language, TEXTS[language].ask, req.originalUrl);
  });
  router.post('/unsubscribe', oneClickBody, async (req, res) => {
    const query = await signed(req.query);
    if (!query) throw new HttpProblem(400, 't: not an unsubscribe address of this store', 't');
    requireOneClick(req.body);
    const fromPage = fromPageSchema.safeParse(req.body).success;
    const { language } = await turnAlertOff(db, query, fromPage ? 'link' : 'one-click');
    if (fromPage) return page(res, 200, language, TEXTS[language].off);
    res.status(200).type('text').send('unsubscribed');
  });
  return router;
};
