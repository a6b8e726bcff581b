import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody as readLimitedBody } from '../shared/http.ts';

/** Small request/response helpers (the simulator uses node:http only). */

const MAX_BODY = 1024 * 1024;

/** A request body as text, at most 1 MB (an order's JSON with its items stays far below). */
export const readBody = (req: IncomingMessage): Promise<string> => readLimitedBody(req, MAX_BODY);

/** JSON body: undefined when empty (a capture's body may be), `{ malformed: true }` when it does not parse. */
export const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
};

export const sendHtml = (res: ServerResponse, status: number, html: string, policy: string) => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(html);
};

export const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location, 'content-length': 0, 'cache-control': 'no-store' });
  res.end();
};

/** The value of a header sent once (a repeated header is refused as ambiguous by the caller). */
export const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
