import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';

/**
 * The live stream's ticket. A token in a URL ends up in access logs, proxies' logs and browser history, so user
 * tokens travel only in the Authorization header; a stream opened where a browser cannot send one (EventSource)
 * shows a ticket instead: asked for with the bearer header (POST /sync/stream-ticket), good for TICKET_TTL_MS,
 * once. It names the owner and nothing else, so even a logged ticket opens nothing after its first use.
 *
 * A ticket is signed (HMAC-SHA256), so any instance that shares STREAM_TICKET_SECRET can check it; without the
 * setting each process signs with a secret of its own (one instance, or instances behind a sticky balancer).
 * Single use is kept by the process that redeems it: its nonce is remembered until the ticket expires.
 */

export const TICKET_TTL_MS = 30_000;
/** Tickets redeemed and not yet expired, at most: past this a burst of redemptions is refused, not remembered. */
const MAX_REMEMBERED = 200_000;

export interface StreamTicketPayload {
  owner: string;
  kind: Principal['kind'];
}

interface Signed extends StreamTicketPayload {
  /** Expiry, ms since the epoch. */
  exp: number;
  /** Makes every ticket unique, for single use. */
  n: string;
}

export class StreamTickets {
  private readonly secret: Buffer;
  private readonly used = new Map<string, number>();

  constructor(
    secret: string | undefined = process.env.STREAM_TICKET_SECRET,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TICKET_TTL_MS,
  ) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  issue(principal: StreamTicketPayload): { ticket: string; expiresInSeconds: number } {
    const payload: Signed = {
      owner: principal.owner,
      kind: principal.kind,
      exp: this.now() + this.ttlMs,
      n: randomBytes(12).toString('base64url'),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { ticket: `${body}.${this.sign(body)}`, expiresInSeconds: Math.floor(this.ttlMs / 1000) };
  }

  /** The ticket's owner, once; a ticket forged, expired, used or malformed is a 401. */
  redeem(ticket: string): StreamTicketPayload {
    const refuse = (why: string) => new HttpProblem(401, `The stream ticket is ${why}: not authorized`, 'ticket');
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined || ticket.length > 2_000) throw refuse('malformed');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse('not valid');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Signed;
    const now = this.now();
    if (payload.exp <= now) throw refuse('expired');
    this.forgetExpired(now);
    if (this.used.has(payload.n)) throw refuse('already used');
    if (this.used.size >= MAX_REMEMBERED) throw new HttpProblem(503, 'Too many stream tickets at once', 'ticket');
    this.used.set(payload.n, payload.exp);
    return { owner: payload.owner, kind: payload.kind };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }

  private forgetExpired(now: number): void {
    // Insertion order is nearly expiry order (one TTL for all): stop at the first one still valid.
    for (const [nonce, exp] of this.used) {
      if (exp > now) break;
      this.used.delete(nonce);
    }
  }
}

/** The ticket of `?ticket=` (a string, or nothing). */
export const ticketOf = (req: Request): string | undefined => ticketFrom(req.query.ticket);

/** The ticket of a parsed query's `ticket` value: one non-empty string, nothing, or a 400. */
export const ticketFrom = (ticket: unknown): string | undefined => {
  if (ticket === undefined) return undefined;
  if (typeof ticket !== 'string' || ticket === '') throw new HttpProblem(400, 'ticket must be one string', 'ticket');
  return ticket;
};

/** POST /stream-ticket, behind the router's authentication: a ticket for the caller's own stream. */
export const streamTicketRoute = (tickets: StreamTickets, principalOf: (req: Request) => Principal): Router => {
  const router = Router();
  router.post('/stream-ticket', (req, res) => {
    const { owner, kind } = principalOf(req);
    const { ticket, expiresInSeconds } = tickets.issue({ owner, kind });
    res.set('cache-control', 'no-store').json({ result: ticket, meta: { expiresInSeconds } });
  });
  return router;
};
