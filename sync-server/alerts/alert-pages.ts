import { Router, type Response } from 'express';
import { z } from 'zod';
import type { MailLanguage } from '../../schema/alerts/account-settings.ts';
import { escapeHtml } from '../amp/escape-html.ts';
import { oneClickBody, requireOneClick } from '../consent/index.ts';
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
    home: 'Към магазина',
  },
  en: {
    ask: 'Turn this notification off?',
    button: 'Turn the notification off',
    off: "The notification is off. You can turn it on again on the product's page.",
    invalid: 'The link is not valid.',
    home: 'To the shop',
  },
} as const;

/** A plain page (no script, no style: the strict policy holds); `form` posts the one-click body to the same address. */
const page = (res: Response, status: number, language: MailLanguage, message: string, form?: string): void => {
  const texts = TEXTS[language];
  const button = form
    ? `<form method="post" action="${escapeHtml(form)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<input type="hidden" name="from" value="page"><button type="submit">${texts.button}</button></form>`
    : '';
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Apple Store BG</title></head>` +
        `<body><h1>Apple Store BG</h1><p data-testid="alert-answer">${escapeHtml(message)}</p>${button}` +
        `<p><a href="${escapeHtml(publicUrl())}/">${texts.home}</a></p></body></html>`,
    );
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
