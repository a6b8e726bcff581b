import { randomUUID } from 'node:crypto';
import { hashToken, newToken } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database, Sql } from '../store/database.ts';

/** How long tokens live. Short access tokens bound a leaked one; the refresh token carries the session. */
export interface SessionTtl {
  accessSeconds: number;
  refreshSeconds: number;
}

/** What login and refresh answer: the spec's `result: token`, `meta: { refreshToken }`. */
export interface IssuedSession {
  token: string;
  refreshToken: string;
  /** Epoch ms when the access token stops working; the client refreshes before or on the 401. */
  expiresAt: number;
}

export interface SessionUser {
  id: number;
  owner: string;
}

/** A new pair of tokens in session `family` (a new session at login; the same one on refresh). */
export const issueTokens = async (
  tx: Sql,
  user: SessionUser,
  ttl: SessionTtl,
  family: string = randomUUID(),
): Promise<IssuedSession> => {
  const token = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const expiresAt = now + ttl.accessSeconds * 1000;
  await tx.query('INSERT INTO auth_tokens (token_hash, owner, kind, expires_at, family) VALUES ($1, $2, $3, $4, $5)', [
    hashToken(token),
    user.owner,
    'user',
    new Date(expiresAt),
    family,
  ]);
  await tx.query('INSERT INTO refresh_tokens (token_hash, user_id, family, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(refreshToken),
    user.id,
    family,
    new Date(now + ttl.refreshSeconds * 1000),
  ]);
  return { token, refreshToken, expiresAt };
};

const refused = () => new HttpProblem(401, 'The refresh token is not valid', 'refreshToken');

/**
 * Exchanges a refresh token for a new pair (rotation). The old refresh token and its family's access tokens
 * stop working. A refresh token used a second time revokes its whole session: either it was stolen, or the
 * client lost the answer and must log in again; both are safer than two live copies of one session.
 */
export const rotateSession = async (db: Database, refreshToken: string, ttl: SessionTtl): Promise<IssuedSession> => {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.query<{
      user_id: number;
      family: string;
      expired: boolean;
      used_at: Date | null;
      revoked_at: Date | null;
      owner: string;
    }>(
      `SELECT r.user_id, r.family, r.expires_at < now() AS expired, r.used_at, r.revoked_at, u.owner
       FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [hashToken(refreshToken)],
    );
    if (!row || row.revoked_at !== null || row.expired) return null;
    if (row.used_at !== null) {
      await revokeFamilyIn(tx, row.family);
      return 'reused' as const;
    }
    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [hashToken(refreshToken)]);
    await tx.query('DELETE FROM auth_tokens WHERE family = $1', [row.family]);
    return issueTokens(tx, { id: row.user_id, owner: row.owner }, ttl, row.family);
  });
  // The revocation above must commit, so the refusal is thrown after the transaction.
  if (outcome === null || outcome === 'reused') throw refused();
  return outcome;
};

const revokeFamilyIn = async (tx: Sql, family: string): Promise<void> => {
  await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL', [family]);
  await tx.query('DELETE FROM auth_tokens WHERE family = $1', [family]);
};

/** Logout: the session of this access token ends on every server instance (see authenticate's cache). */
export const revokeSessionOf = async (db: Database, family: string): Promise<void> => {
  await db.transaction((tx) => revokeFamilyIn(tx, family));
};

/** Every session of a user but `keep` (after a password change or reset: other devices must log in again). */
export const revokeOtherSessions = async (tx: Sql, userId: number, keep?: string): Promise<void> => {
  const families = await tx.query<{ family: string }>(
    'SELECT DISTINCT family FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  for (const { family } of families) if (family !== keep) await revokeFamilyIn(tx, family);
};
