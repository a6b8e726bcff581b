import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small HTTP helpers the provider simulators share (simulators/<name>/). Simulators import nothing of the store's:
 * they stand where the real providers stand, across a network.
 */

/** Reads a request body as text, refusing more than `limit` bytes (a simulator still should not be easy to wedge). */
export const readBody = (req: IncomingMessage, limit = 256 * 1024): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** An `application/x-www-form-urlencoded` body as a plain record (the last of a repeated name wins). */
export const parseForm = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

/** A JSON body, or undefined when it is not JSON (the caller's zod schema then names what is wrong). */
export const parseJson = (body: string): unknown => {
  try {
    return body === '' ? {} : (JSON.parse(body) as unknown);
  } catch {
    return undefined;
  }
};

export const sendJson = (res: ServerResponse, status: number, value: unknown): void => {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
};

/**
 * An HTML page under a strict policy: nothing from other hosts, no inline script or style (a page's script and
 * styles are served as files), forms may post only to `formTargets` besides the simulator itself.
 */
export const sendHtml = (
  res: ServerResponse,
  status: number,
  html: string,
  formTargets: readonly string[] = [],
): void => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; " +
      `frame-ancestors 'none'; form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
};

export const sendText = (res: ServerResponse, status: number, type: string, text: string): void => {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(text);
};

/** Text safe inside HTML content and double-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Listens, then prints the one first stdout line the launchers wait for: `{"listening":"http://HOST:PORT"}`. */
export const listen = (server: Server, port: number, host: string): Promise<string> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
      process.stdout.write(`${JSON.stringify({ listening: url })}\n`);
      resolve(url);
    });
  });

/** A PEM given inline (real or `\n`-escaped line breaks) or as the path of a file, read by `readFile`. */
export const pemFrom = (value: string, readFile: (path: string) => string): string =>
  value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFile(value);

/** How often a simulator checks that whoever started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Ends the process cleanly on SIGTERM/SIGINT (the launchers stop simulators that way), and when the process that
 * started it is gone: a test run or `npm start` killed with SIGKILL cannot stop its children, which would then
 * hold their ports for ever. An orphan is handed to another parent, so a changed parent id is the sign.
 */
export const stopOnSignals = (server: Server): void => {
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, PARENT_CHECK_MS).unref();
};
