import { createHash, randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Database, Sql } from '../store/database.ts';
import { HttpProblem } from './problem.ts';

/** Who is asking. `owner` scopes every read and write; accounts (a later issue) add users behind the same seam. */
export interface Principal {
  owner: string;
  kind: 'guest';
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const newToken = (): string => randomBytes(32).toString('base64url');

export const storeToken = async (tx: Sql, token: string, principal: Principal): Promise<void> => {
  await tx.query('INSERT INTO auth_tokens (token_hash, owner, kind) VALUES ($1, $2, $3)', [
    hashToken(token),
    principal.owner,
    principal.kind,
  ]);
};

/**
 * Resolves the bearer token (header `Authorization: Bearer …`, or `?token=` as the spec's calls carry it).
 * Tokens are never revoked yet, so a resolved one is remembered in memory.
 */
export const authenticate = (db: Database): RequestHandler => {
  const known = new Map<string, Principal>();
  return async (req, _res, next) => {
    const header = req.get('authorization');
    const token = header?.startsWith('Bearer ')
      ? header.slice(7)
      : typeof req.query.token === 'string'
        ? req.query.token
        : '';
    if (!token) throw new HttpProblem(401, 'A token is required: create a cart with POST /api/cart/create', 'token');
    const hash = hashToken(token);
    let principal = known.get(hash);
    if (!principal) {
      const [row] = await db.query<{ owner: string; kind: 'guest' }>(
        'SELECT owner, kind FROM auth_tokens WHERE token_hash = $1',
        [hash],
      );
      if (!row) throw new HttpProblem(401, 'The token is not valid', 'token');
      principal = { owner: row.owner, kind: row.kind };
      if (known.size > 100_000) known.clear();
      known.set(hash, principal);
    }
    req.principal = principal;
    next();
  };
};

export const principalOf = (req: { principal?: Principal }): Principal => {
  if (!req.principal) throw new HttpProblem(401, 'Not authenticated', 'token');
  return req.principal;
};
