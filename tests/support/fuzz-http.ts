import { Agent, request as httpRequest } from 'node:http';

/** A request exactly as it goes on the wire: the path is sent as written (no URL normalisation). */
export interface RawRequest {
  method: string;
  /** Path and query, percent-encoded as the probe chose (it may be malformed on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

export interface RawResponse {
  /** The HTTP status; 0 when the server hung up or gave no answer in time (`error` says which). */
  status: number;
  contentType: string;
  text: string;
  error?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Bodies are read up to this; a live stream is read for `streamMs` and then hung up. */
const MAX_BODY = 1 << 20;

export const send = (
  baseUrl: string,
  request: RawRequest,
  { timeoutMs = 15_000, streamMs = 30 }: { timeoutMs?: number; streamMs?: number } = {},
): Promise<RawResponse> =>
  new Promise((resolve) => {
    const url = new URL(baseUrl);
    let settled = false;
    const done = (response: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(response);
    };
    let req: ReturnType<typeof httpRequest>;
    try {
      req = httpRequest({
        agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
        },
      });
    } catch (error) {
      // Node refuses to send it (a character a header or path cannot hold): not a server answer.
      resolve({ status: -1, contentType: '', text: '', error: `not sent: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, contentType: '', text: '', error: `no answer in ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('response', (res) => {
      const contentType = String(res.headers['content-type'] ?? '');
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () =>
        done({ status: res.statusCode ?? 0, contentType, text: Buffer.concat(chunks).toString('utf8') });
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
      if (contentType.includes('event-stream')) {
        setTimeout(() => {
          finish();
          res.destroy();
          req.destroy();
        }, streamMs);
      }
    });
    req.on('error', (error) => done({ status: 0, contentType: '', text: '', error: `hung up: ${error.message}` }));
    req.end(request.body);
  });

/** Lets the test's process end: the keep-alive sockets are closed. */
export const closeSockets = (): void => agent.destroy();

/** A string every byte of which survives `encodeURIComponent`, a lone surrogate as its raw UTF-8 (invalid). */
export const encodeLoose = (text: string): string => {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(char);
  }
  return out;
};
