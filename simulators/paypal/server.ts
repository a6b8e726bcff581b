import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimConfig } from './config.ts';
import { handleControls } from './controls.ts';
import { debugId, paypalError, type SimAnswer } from './errors.ts';
import { Faults, type Operation } from './faults.ts';
import { headerOf, parseJson, readBody, sendJson } from './http-io.ts';
import { authorised, issueToken } from './oauth.ts';
import { captureOrder, createOrder, getOrder } from './orders.ts';
import { getCapture, getRefund, refundCapture } from './refunds.ts';
import { handlePayerPages } from './payer-pages.ts';
import { idempotent, newState, type SimState } from './state.ts';

/** The PayPal REST API (OAuth2, Orders v2, Payments v2), the payer's pages and the test controls, on node:http. */

const ID = '([A-Z0-9]{1,36})';
const ROUTES: readonly { method: string; path: RegExp; op: Operation }[] = [
  { method: 'POST', path: /^\/v1\/oauth2\/token$/, op: 'token' },
  { method: 'POST', path: /^\/v2\/checkout\/orders$/, op: 'create' },
  { method: 'GET', path: new RegExp(`^/v2/checkout/orders/${ID}$`), op: 'get' },
  { method: 'POST', path: new RegExp(`^/v2/checkout/orders/${ID}/capture$`), op: 'capture' },
  { method: 'GET', path: new RegExp(`^/v2/payments/captures/${ID}$`), op: 'get' },
  { method: 'POST', path: new RegExp(`^/v2/payments/captures/${ID}/refund$`), op: 'refund' },
  { method: 'GET', path: new RegExp(`^/v2/payments/refunds/${ID}$`), op: 'get' },
];

export interface PayPalSimulator {
  readonly server: Server;
  readonly state: SimState;
}

export const createPayPalSimulator = (config: SimConfig): PayPalSimulator => {
  const state = newState();
  const faults = new Faults();

  /** One API call's answer (the work done, or refused), before any armed fault is applied to its delivery. */
  const answerOf = (op: Operation, match: RegExpExecArray, req: IncomingMessage, base: string, text: string) => {
    if (op === 'token') return issueToken(config, state, req, text);
    if (!authorised(state, req))
      return paypalError(401, 'INVALID_TOKEN', 'The access token is missing, invalid or expired.');
    const id = match[1] ?? '';
    const path = match[0];
    if (req.method === 'GET') {
      if (path.startsWith('/v2/checkout/orders/')) return getOrder(state, base, id);
      if (path.startsWith('/v2/payments/captures/')) return getCapture(state, base, id);
      return getRefund(state, base, id);
    }
    const requestId = headerOf(req, 'paypal-request-id');
    if (requestId !== undefined && (requestId.length === 0 || requestId.length > 108))
      return paypalError(
        400,
        'INVALID_PARAMETER_VALUE',
        'PayPal-Request-Id is 1 to 108 characters.',
        'PayPal-Request-Id',
      );
    const json = parseJson(text);
    if (!json.ok) return paypalError(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    return idempotent(state, `${req.method} ${path}`, requestId, (): SimAnswer => {
      if (op === 'create') return createOrder(state, base, json.value);
      if (op === 'capture') return captureOrder(state, base, id);
      return refundCapture(state, base, id, json.value);
    });
  };

  const handleApi = async (
    op: Operation,
    match: RegExpExecArray,
    req: IncomingMessage,
    res: ServerResponse,
    base: string,
  ): Promise<void> => {
    const text = await readBody(req);
    // A call refused for its token is not the call a fault was armed for.
    const armed = op === 'token' || authorised(state, req) ? faults.take(op) : [];
    const fail = armed.find((f) => f.kind === 'fail');
    if (fail?.kind === 'fail') {
      sendJson(res, fail.status, paypalError(500, 'INTERNAL_SERVICE_ERROR', 'Simulated failure.').body);
      return;
    }
    const answer = answerOf(op, match, req, base, text);
    for (const fault of armed) if (fault.kind === 'delay') await sleep(fault.ms);
    if (armed.some((f) => f.kind === 'drop')) {
      // The work is done and kept (a repeated PayPal-Request-Id gets it); only the answer is lost.
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    sendJson(res, answer.status, answer.body, { 'paypal-debug-id': debugId() });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Links in answers point where the caller reached us.
    const base = `http://${headerOf(req, 'host') ?? '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', base);
    for (const route of ROUTES) {
      const match = route.path.exec(url.pathname);
      if (match && route.method === req.method) return handleApi(route.op, match, req, res, base);
    }
    if (await handlePayerPages(config, state, url, req, res)) return;
    if (await handleControls(state, faults, url.pathname, req, res)) return;
    sendJson(res, 404, paypalError(404, 'INVALID_RESOURCE_ID', `No such route: ${req.method} ${url.pathname}`).body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`paypal simulator: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent && !res.destroyed)
        sendJson(res, 500, paypalError(500, 'INTERNAL_SERVICE_ERROR', 'Internal error.').body);
    });
  });
  return { server, state };
};
