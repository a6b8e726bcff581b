import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Database, Sql } from '../store/database.ts';
import { HttpProblem } from './problem.ts';

/**
 * Who is asking. `owner` scopes every read and write. A guest is its cart token; a user ('user-<uuid>')
 * logged in with a password, and `session` names the login (logout and refresh-token reuse end it).
 */
export type Principal =
  { owner: string; kind: 'guest' } | { owner: string; kind: 'user'; userId: number; groupId: number; session: string };

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const newToken = (): string => randomBytes(32).toString('base64url');

/** A guest's token (users' tokens come from accounts/sessions.ts, with an expiry). */
export const storeToken = async (
  tx: Sql,
  token: string,
  principal: { owner: string; kind: 'guest' },
): Promise<void> => {
  await tx.query('INSERT INTO auth_tokens (token_hash, owner, kind) VALUES ($1, $2, $3)', [
    hashToken(token),
    principal.owner,
    principal.kind,
  ]);
};

interface TokenRow {
  owner: string;
  kind: 'guest' | 'user';
  expires_at: Date | null;
  family: string | null;
  user_id: number | null;
  group_id: number | null;
}

/**
 * The bearer token: the Authorization header only. The spec's calls also carry it as `?token=`, but a token in an
 * address ends up in logs, history and Referer headers; the live stream, where a browser cannot send a header,
 * takes a single-use ticket instead (sync/stream-ticket.ts).
 */
export const bearerToken = (req: Request): string => bearerOf(req.get('authorization'));

/** The token of an Authorization header's value ('' when it is not a bearer token). */
export const bearerOf = (header: string | undefined): string => (header?.startsWith('Bearer ') ? header.slice(7) : '');

/**
 * Resolves the bearer token to its principal. Refusals say 'not authorized': the spec's client refreshes its
 * token on exactly that text. Every token is read on every request (one primary-key lookup), so an expiry, a
 * logout or a guest token retired by a login (retireGuestToken) counts at once on every instance.
 */
export const authenticate = (db: Database): RequestHandler => {
  return async (req, _res, next) => {
    req.principal = await principalOfBearer(db, bearerToken(req));
    next();
  };
};

/**
 * The principal of a bearer token, refused as `authenticate` refuses it: for the live stream, served without Express
 * (sync/stream-endpoint.ts).
 */
export const principalOfBearer = async (db: Database, token: string): Promise<Principal> => {
  if (!token) {
    throw new HttpProblem(
      401,
      'A token is required (not authorized): create a cart with POST /api/cart/create',
      'token',
    );
  }
  return lookUp(db, hashToken(token));
};

/**
 * A login sent with a guest's token retires it: the guest's cart has joined the user's, and from then on the
 * token authenticates nothing (401). The device acts with the user's token; the commands it made as the guest are
 * taken from the user's token (push-commands.ts, through guest_merges).
 */
export const retireGuestToken = async (tx: Sql, guestOwner: string): Promise<void> => {
  await tx.query("DELETE FROM auth_tokens WHERE owner = $1 AND kind = 'guest'", [guestOwner]);
};

/** The principal of a token, or null when it is unknown or expired (for calls where a token is optional). */
export const principalOfToken = async (db: Database, token: string): Promise<Principal | null> => {
  if (!token) return null;
  try {
    return await lookUp(db, hashToken(token));
  } catch (error) {
    if (error instanceof HttpProblem) return null;
    throw error;
  }
};

const lookUp = async (db: Database, hash: string): Promise<Principal> => {
  const [row] = await db.query<TokenRow>(
    `SELECT t.owner, t.kind, t.expires_at, t.family, u.id AS user_id, u.group_id
     FROM auth_tokens t LEFT JOIN users u ON t.kind = 'user' AND u.owner = t.owner WHERE t.token_hash = $1`,
    [hash],
  );
  if (!row) throw new HttpProblem(401, 'The token is not valid: not authorized', 'token');
  if (row.expires_at !== null && row.expires_at.getTime() <= Date.now()) {
    throw new HttpProblem(401, 'The token has expired: not authorized', 'token');
  }
  if (row.kind !== 'user') return { owner: row.owner, kind: 'guest' };
  if (row.user_id === null || row.family === null)
    throw new HttpProblem(401, 'The user no longer exists: not authorized', 'token');
  return { owner: row.owner, kind: 'user', userId: row.user_id, groupId: row.group_id ?? 1, session: row.family };
};

export const principalOf = (req: { principal?: Principal }): Principal => {
  if (!req.principal) throw new HttpProblem(401, 'Not authenticated', 'token');
  return req.principal;
};
