import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { bearerOf, type Principal } from '../http/auth.ts';
import { HttpProblem, problemBody } from '../http/problem.ts';
import { securityHeaderList, setSecurityHeaders } from '../http/security-headers.ts';
import { deviceHeadersOf } from '../ops/device-headers.ts';
import { streamHead, type ChangeStreams } from './change-stream.ts';
import { ticketFrom, type StreamTickets } from './stream-ticket.ts';

/**
 * `GET /sync/stream` served on the HTTP server's request, ahead of Express. A stream is held for hours, and through
 * Express it kept everything Express and its middleware hang on a request and a response for as long: the
 * compression wrapper (its closures and state, about 13 MB at 19,000 streams, though a stream is never compressed),
 * the JSON parser's and the router's state, Express's request and response decorations. At 19,000 streams that
 * heap was what the garbage collector walked, in pauses of up to 80 ms that held every push (issue 15). Here a
 * stream keeps Node's own request and response and the stream's record (change-stream.ts), nothing more.
 *
 * The same answer as the Express route (sync-routes.ts, still there for the path's other spellings, `/sync/stream/`
 * or another case, and for HEAD): the security headers of every API answer, 503 with Retry-After at MAX_STREAMS
 * before the ticket or token is looked at, no token in the address, a single-use ticket or the bearer header, and
 * the problem body of a refusal.
 */

const PATH = '/sync/stream';

export interface StreamEndpointDeps {
  streams: ChangeStreams;
  tickets: StreamTickets;
  /** The bearer token's principal, refused with a 401 as the routes' authentication refuses it (http/auth.ts). */
  principalOfBearer: (token: string) => Promise<Principal>;
  /** Express's compiled `trust proxy` (its 'trust proxy fn'): whether X-Forwarded-Proto of this hop is believed. */
  trustProxy: (address: string | undefined, hop: number) => boolean;
}

/** Whether a request is the stream's: a GET of exactly the path, with or without a query. */
export const isStreamRequest = (req: IncomingMessage): boolean => {
  if (req.method !== 'GET') return false;
  const url = req.url ?? '';
  return url.startsWith(PATH) && (url.length === PATH.length || url[PATH.length] === '?');
};

/** Express's req.secure: a TLS socket, or a trusted proxy's first X-Forwarded-Proto says https. */
const isSecure = (req: IncomingMessage, trust: StreamEndpointDeps['trustProxy']): boolean => {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  if (!trust(req.socket.remoteAddress, 0)) return encrypted;
  const header = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first === undefined || first === '' ? encrypted : first === 'https';
};

const sendProblem = (res: ServerResponse, status: number, message: string, field?: string): void => {
  const body = JSON.stringify(problemBody(status, message, field));
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
};

/** The stream's handler: call it for a request `isStreamRequest` accepted. */
export const streamEndpoint = ({ streams, tickets, principalOfBearer, trustProxy }: StreamEndpointDeps) => {
  // A stream's whole head, one list for all of them: over TLS (HSTS) and not.
  const heads = {
    secure: streamHead(securityHeaderList(true)),
    plain: streamHead(securityHeaderList(false)),
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const secure = isSecure(req, trustProxy);
    /** At the limit: checked first (a full server spends nothing on the caller) and right before opening. */
    const refuseWhenFull = (): boolean => {
      const refusal = streams.refusal();
      if (!refusal) return false;
      setSecurityHeaders(req, res, secure);
      res.setHeader('retry-after', String(refusal.retryAfterSeconds));
      sendProblem(res, refusal.status, refusal.message);
      return true;
    };
    const serve = async (): Promise<void> => {
      if (refuseWhenFull()) return;
      const url = req.url ?? PATH;
      const query = url.length > PATH.length ? parseQuery(url.slice(PATH.length + 1)) : {};
      if (query.token !== undefined) {
        throw new HttpProblem(
          401,
          'A token in the address is not accepted: use a stream ticket (not authorized)',
          'token',
        );
      }
      const ticket = ticketFrom(query.ticket);
      const owner =
        ticket === undefined
          ? (await principalOfBearer(bearerOf(req.headers.authorization))).owner
          : tickets.redeem(ticket).owner;
      if (ticket === undefined && refuseWhenFull()) return; // the token's lookup awaited: the limit is asked again
      await streams.open(owner, res, secure ? heads.secure : heads.plain, deviceHeadersOf(req.headers).clientId);
    };
    serve().catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      setSecurityHeaders(req, res, secure);
      if (error instanceof HttpProblem) {
        sendProblem(res, error.status, error.message, error.field);
      } else {
        console.error('[stream] unexpected error:', error);
        sendProblem(res, 500, 'Internal server error');
      }
    });
  };
};
