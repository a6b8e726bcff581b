import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { parseForm, parseJson, readBody, sendHtml, sendJson, sendText } from '../shared/http.ts';
import type { SimConfig } from './config.ts';
import type { Gateway, PayResult } from './gateway.ts';
import { backrefPage, cardPage, droppedPage, errorPage, otpPage, SIM_CSS, SIM_JS } from './pages.ts';

/** The simulated gateway's HTTP face: BORICA's cgi_link, the card and 3-D Secure pages, and the test hooks. */

const faultsSchema = z.strictObject({
  dropBackref: z.boolean().optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  delayStatusMs: z.number().int().min(0).max(120_000).optional(),
});

const paySchema = z.strictObject({
  ORDER: z.string().regex(/^\d{6}$/),
  card: z.string().max(32).optional(),
  otp: z.string().max(16).optional(),
  cancel: z.boolean().optional(),
});

export const createSimServer = (config: SimConfig, gateway: Gateway): Server => {
  const backrefOrigin = new URL(config.backref).origin;

  /** A decided sale goes back to BACKREF, unless a fault says the answer is lost on the way. */
  const deliverHtml = (res: ServerResponse, result: PayResult): void => {
    switch (result.kind) {
      case 'decided':
        if (gateway.faults.dropBackref) {
          gateway.faults.dropBackref = false;
          return sendHtml(res, 200, droppedPage());
        }
        return sendHtml(res, 200, backrefPage(config.backref, result.answer), [backrefOrigin]);
      case 'otp':
        return sendHtml(res, 200, otpPage(result.sale));
      case 'card-page':
        return sendHtml(res, 422, cardPage(result.sale, result.error));
      case 'gone':
        return sendHtml(res, 410, errorPage('Сесията за плащане не е активна.'));
    }
  };

  const cgiLink = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = parseForm(await readBody(req));
    // The work is done first, then the answer is held back: a delayed answer may arrive after the caller gave up.
    const delay = gateway.faults.delayMs;
    gateway.faults.delayMs = 0;
    const hold = () => (delay > 0 ? sleep(delay) : Promise.resolve());
    switch (form['TRTYPE']) {
      case '1': {
        const result = gateway.acceptSaleForm(form);
        await hold();
        if (result.kind === 'card-page') return sendHtml(res, 200, cardPage(result.sale));
        return sendHtml(res, 200, backrefPage(config.backref, result.answer), [backrefOrigin]);
      }
      case '90': {
        const answer = gateway.status(form);
        // A slow status answer is the merchant's server's trouble only: the shopper's pages are not held for it.
        const statusDelay = gateway.faults.delayStatusMs;
        gateway.faults.delayStatusMs = 0;
        await hold();
        if (statusDelay > 0) await sleep(statusDelay);
        return sendJson(res, 200, answer);
      }
      case '24': {
        const answer = gateway.reverse(form);
        await hold();
        return sendJson(res, 200, answer);
      }
      default:
        await hold();
        return sendJson(res, 400, { ACTION: '3', RC: '-2', STATUSMSG: 'Неподдържан TRTYPE' });
    }
  };

  const cardSubmit = async (req: IncomingMessage, res: ServerResponse, step: 'pay' | 'otp'): Promise<void> => {
    const form = parseForm(await readBody(req));
    const sale = gateway.saleOfSession(form['session'] ?? '');
    if (!sale) return sendHtml(res, 410, errorPage('Сесията за плащане е изтекла или е заменена.'));
    if (form['choice'] === 'cancel') return deliverHtml(res, gateway.cancel(sale));
    return deliverHtml(
      res,
      step === 'pay' ? gateway.pay(sale, form['card'] ?? '') : gateway.otp(sale, form['otp'] ?? ''),
    );
  };

  /** /__sim/pay: what the card page's submit does, for tests and benches that drive the flow without a browser. */
  const simPay = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const parsed = paySchema.safeParse(parseJson(await readBody(req)));
    if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues[0]?.message ?? 'invalid body' });
    const { ORDER, card, otp, cancel } = parsed.data;
    const sale = gateway.saleOfOrder(ORDER);
    if (!sale) return sendJson(res, 404, { error: `no form for ORDER ${ORDER}` });
    let result: PayResult;
    if (cancel) result = gateway.cancel(sale);
    else if (sale.state === 'otp') result = gateway.otp(sale, otp ?? '');
    else {
      result = gateway.pay(sale, card ?? '');
      if (result.kind === 'otp' && otp !== undefined) result = gateway.otp(sale, otp);
    }
    switch (result.kind) {
      case 'otp':
        return sendJson(res, 200, { otpRequired: true });
      case 'card-page':
        return sendJson(res, 422, { error: result.error });
      case 'gone':
        return sendJson(res, 410, { error: 'the form is no longer open' });
      case 'decided':
        if (gateway.faults.dropBackref) {
          gateway.faults.dropBackref = false;
          return sendJson(res, 200, { dropped: true });
        }
        return sendJson(res, 200, { backref: config.backref, fields: result.answer });
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    const key = `${req.method} ${path}`;
    switch (key) {
      case 'POST /cgi-bin/cgi_link':
        return cgiLink(req, res);
      case 'POST /cgi-bin/pay':
        return cardSubmit(req, res, 'pay');
      case 'POST /cgi-bin/otp':
        return cardSubmit(req, res, 'otp');
      case 'GET /sim.js':
        return sendText(res, 200, 'text/javascript', SIM_JS);
      case 'GET /sim.css':
        return sendText(res, 200, 'text/css', SIM_CSS);
      case 'GET /favicon.ico':
        // No icon, and no 404 in the browser's console either.
        res.writeHead(204).end();
        return;
      case 'GET /__sim/stats':
        return sendJson(res, 200, gateway.stats());
      case 'POST /__sim/faults': {
        const parsed = faultsSchema.safeParse(parseJson(await readBody(req)));
        if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues[0]?.message ?? 'invalid body' });
        Object.assign(gateway.faults, parsed.data);
        return sendJson(res, 200, gateway.faults);
      }
      case 'POST /__sim/pay':
        return simPay(req, res);
      default:
        return sendJson(res, 404, { error: `no route ${key}` });
    }
  };

  return createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      process.stderr.write(`borica simulator: ${(error as Error).message}\n`);
      if (!res.headersSent) sendJson(res, 500, { error: 'simulator error' });
      else res.end();
    });
  });
};
