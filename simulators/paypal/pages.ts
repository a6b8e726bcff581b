import { createHash } from 'node:crypto';
import { bulgarianEuro } from './money.ts';
import type { SimOrder } from './state.ts';

/** The payer's pages: plain HTML, no script, no external resource; one stylesheet allowed by its hash. */

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}' +
  '.banner{background:#b00020;color:#fff;padding:.5rem 1rem;font-weight:700;text-align:center}' +
  'button{font-size:1rem;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0}fieldset{margin:1rem 0}';

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const originOf = (url: string | undefined): string | undefined => {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** The page's policy: a form posts here, and its redirect goes to the store (Chrome checks form-action on it). */
export const pagePolicy = (order?: SimOrder): string => {
  const targets = new Set(["'self'"]);
  for (const url of [order?.returnUrl, order?.cancelUrl]) {
    const origin = originOf(url);
    if (origin) targets.add(origin);
  }
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action ${[...targets].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
};

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="bg"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>` +
  `<div class="banner" role="note">ТЕСТОВ ШЛЮЗ / test gateway — не се взимат истински пари</div>` +
  `<h1>ТЕСТОВ ШЛЮЗ PayPal</h1>${body}</body></html>`;

export const approvePage = (order: SimOrder, merchant: string): string =>
  page(
    'ТЕСТОВ ШЛЮЗ PayPal — одобрение',
    `<p>Търговец: <strong>${escapeHtml(merchant)}</strong></p>` +
      `<p>Сума: <strong>${escapeHtml(bulgarianEuro(order.amountCents))}</strong>` +
      (order.currency === 'EUR' ? '' : ` (${escapeHtml(order.currency)})`) +
      `</p>` +
      (order.description === undefined ? '' : `<p>${escapeHtml(order.description)}</p>`) +
      `<form method="post" action="/checkoutnow/approve">` +
      `<input type="hidden" name="token" value="${escapeHtml(order.id)}">` +
      `<fieldset><legend>Начин на плащане</legend>` +
      `<label><input type="radio" name="funding" value="ok" checked> Сметка PayPal (ще бъде платено)</label><br>` +
      `<label><input type="radio" name="funding" value="declined"> Карта, която ще бъде отказана</label>` +
      `</fieldset><button type="submit">Одобри плащането</button></form>` +
      `<form method="post" action="/checkoutnow/cancel">` +
      `<input type="hidden" name="token" value="${escapeHtml(order.id)}">` +
      `<button type="submit">Откажи</button></form>`,
  );

export const messagePage = (message: string): string => page('ТЕСТОВ ШЛЮЗ PayPal', `<p>${escapeHtml(message)}</p>`);
