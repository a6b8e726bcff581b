import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet), and the Content-Security-Policy each kind of answer needs. The app
 * loads nothing from other hosts and its tokens live in IndexedDB, where any injected script could read them: so
 * no script runs unless it is a file of this origin or an inline script whose hash the policy names, and no
 * 'unsafe-inline' nor 'unsafe-eval' anywhere.
 *
 * - API, sync and health answers (JSON, the event stream): `default-src 'none'`, nothing in them may load or run.
 * - The app (the shell, its files, the service worker, whose policy is its own context's): `default-src 'self'`,
 *   and the hashes of the page's inline `<style>` (the stylesheet vite.config.ts puts into the page) and inline
 *   scripts, computed from the page as sent. The boot answers (boot-data.ts) are a JSON data block, not a script.
 * - AMP pages (sync-server/amp/): plain HTML with one inline style sheet and no script, so no script at all and
 *   the style's hash. They do not load the AMP runtime from cdn.ampproject.org; a page that ever does needs
 *   `script-src https://cdn.ampproject.org` and the amp-boilerplate style's hash in its own policy.
 *
 * Frames: none (`frame-ancestors 'none'` and X-Frame-Options DENY). Referrer: none, as the store's addresses hold
 * what a shopper searched for and nothing of ours needs a referrer. HSTS only on a request that came over TLS
 * (behind a proxy: X-Forwarded-Proto with TRUST_PROXY set), never on plain http, where it would be ignored, and
 * never on localhost, where it would pin every other local app to https.
 */

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script elements the browser runs: no `src` and no data type (application/json, application/ld+json). */
const isRunnable = (attributes: string): boolean => {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
};

/** The hashes of a page's inline style sheets and of the inline scripts it runs. */
export const inlineHashes = (html: string): { styles: string[]; scripts: string[] } => ({
  styles: [...new Set([...html.matchAll(STYLE)].map((m) => hash(m[1]!)))],
  scripts: [...new Set([...html.matchAll(SCRIPT)].filter((m) => isRunnable(m[1]!)).map((m) => hash(m[2]!)))],
});

const join = (directives: Record<string, readonly string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** JSON, the event stream, problems: nothing to load, nothing to run, never framed. */
export const API_POLICY = join({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * The payment gateways' origins the shopper's pages may send a form to (BORICA's signed sale form is POSTed by the
 * browser to the gateway) and are sent on to (PayPal's approve page): set at start from the configuration
 * (payments/payment-config.ts paymentOrigins), empty when no provider is configured.
 */
let paymentFormOrigins: readonly string[] = [];
export const allowPaymentOrigins = (origins: readonly string[]): void => {
  paymentFormOrigins = [...new Set(origins)];
};

/** The app's pages and files: this origin only, the page's inline styles and scripts by hash. */
export const appPolicy = ({ styles, scripts }: { styles: readonly string[]; scripts: readonly string[] }): string =>
  join({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scripts],
    'style-src': ["'self'", ...styles],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...paymentFormOrigins],
    'frame-ancestors': ["'none'"],
  });

/** An AMP page: no script, its inline style sheet by hash, pictures of this origin. */
export const ampPolicy = ({ styles }: { styles: readonly string[] }): string =>
  join({
    'default-src': ["'none'"],
    'style-src': styles.length > 0 ? styles : ["'none'"],
    'img-src': ["'self'", 'data:'],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });

export const setPolicy = (res: Response, policy: string): void => {
  res.setHeader('content-security-policy', policy);
};

const helmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});
const HSTS = 'max-age=31536000; includeSubDomains';

/** Every answer's headers: helmet's, the API policy (pages replace it), HSTS when the request came over TLS. */
export const securityHeaders = (): RequestHandler[] => [
  helmetHeaders,
  (req, res, next) => {
    if (req.secure) res.setHeader('strict-transport-security', HSTS);
    next();
  },
];

/**
 * The same headers on an answer served without Express (the live stream, sync/stream-endpoint.ts); `secure` is what
 * Express's req.secure would say.
 */
export const setSecurityHeaders = (req: IncomingMessage, res: ServerResponse, secure: boolean): void => {
  helmetHeaders(req, res, () => undefined);
  if (secure) res.setHeader('strict-transport-security', HSTS);
};

/**
 * The same headers as a list of names and values, set by helmet once on a response that is never sent: for answers
 * that pass one shared list to writeHead instead of setting each header on each response (the live stream).
 */
export const securityHeaderList = (secure: boolean): [string, string][] => {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  setSecurityHeaders(req, res, secure);
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]);
};

/** For routers that send whole HTML pages with res.send (AMP): the page's policy, from the page as sent. */
export const policyForSentHtml =
  (policyOf: (hashes: ReturnType<typeof inlineHashes>) => string): RequestHandler =>
  (_req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (typeof body === 'string' && /html/.test(String(res.getHeader('content-type') ?? ''))) {
        setPolicy(res, policyOf(inlineHashes(body)));
      }
      return send(body);
    };
    next();
  };
