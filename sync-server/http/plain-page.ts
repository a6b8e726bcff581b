import type { Response } from 'express';
import { escapeHtml } from '../amp/escape-html.ts';

const HOME = { bg: 'Към магазина', en: 'To the shop' } as const;

/**
 * The page a link in a mail opens (the newsletter's confirm and unsubscribe, an alert's unsubscribe): the answer in a
 * paragraph (`testId` names it for the tests), what else the caller gives (`extraHtml`, already escaped: a form), and
 * a link home. No script and no style: the API's strict policy holds.
 */
export const sendPlainPage = (
  res: Response,
  {
    status,
    language,
    message,
    testId,
    homeUrl,
    extraHtml = '',
  }: {
    status: number;
    /** The shop's address as shoppers reach it (PUBLIC_URL). */
    homeUrl: string;
    language: 'bg' | 'en';
    message: string;
    testId: string;
    extraHtml?: string;
  },
): void => {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Apple Store BG</title></head>` +
        `<body><h1>Apple Store BG</h1><p data-testid="${testId}">${escapeHtml(message)}</p>${extraHtml}` +
        `<p><a href="${escapeHtml(homeUrl)}/">${HOME[language]}</a></p></body></html>`,
    );
};
