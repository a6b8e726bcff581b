import { createHmac, randomUUID } from 'node:crypto';
import { hashToken, newToken } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database, Sql } from '../store/database.ts';

/** How long tokens live. Short access tokens bound a leaked one; the refresh token carries the session. */
export interface SessionTtl {
  accessSeconds: number;
  refreshSeconds: number;
  /**
   * A used refresh token presented again within this many seconds of its first use gives the same new pair (a
   * retried request whose answer was lost); later, or once the new refresh token has been used, it ends the session.
   */
  refreshGraceSeconds?: number;
}

/** The grace when none is configured (REFRESH_GRACE_S). */
export const DEFAULT_REFRESH_GRACE_S = 30;

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
  pair: { token: string; refreshToken: string } = { token: newToken(), refreshToken: newToken() },
): Promise<IssuedSession> => {
  const { token, refreshToken } = pair;
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
 * The pair a refresh token is exchanged for, derived from it (HMAC keyed by the token): a retry of the same
 * refresh can be answered with the same pair without the server keeping any token in clear. Only who holds the
 * old refresh token (256 random bits) can compute it.
 */
const successorOf = (refreshToken: string) => ({
  token: createHmac('sha256', refreshToken).update('access').digest('base64url'),
  refreshToken: createHmac('sha256', refreshToken).update('refresh').digest('base64url'),
});

/**
 * Exchanges a refresh token for a new pair (rotation). The old refresh token and its family's access tokens
 * stop working. The same refresh token presented again:
 * - within the grace (ttl.refreshGraceSeconds, 30 s) of its first use, while the pair it gave is unused: the same
 *   pair again. Two refreshes at once, or a retry after a lost answer on a patchy link, keep the session.
 * - later, or after the new refresh token was used: the whole session is revoked (a stolen token).
 */
export const rotateSession = async (db: Database, refreshToken: string, ttl: SessionTtl): Promise<IssuedSession> => {
  const graceSeconds = ttl.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_S;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.query<{
      user_id: number;
      family: string;
      expired: boolean;
      used_at: Date | null;
      in_grace: boolean | null;
      revoked_at: Date | null;
      owner: string;
    }>(
      `SELECT r.user_id, r.family, r.expires_at < now() AS expired, r.used_at,
         r.used_at > now() - make_interval(secs => $2::int) AS in_grace, r.revoked_at, u.owner
       FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [hashToken(refreshToken), graceSeconds],
    );
    if (!row || row.revoked_at !== null || row.expired) return null;
    const successor = successorOf(refreshToken);
    if (row.used_at !== null) {
      const again = row.in_grace ? await sameAnswer(tx, successor) : null;
      if (again) return again;
      await revokeFamilyIn(tx, row.family);
      return 'reused' as const;
    }
    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [hashToken(refreshToken)]);
    await tx.query('DELETE FROM auth_tokens WHERE family = $1', [row.family]);
    return issueTokens(tx, { id: row.user_id, owner: row.owner }, ttl, row.family, successor);
  });
  // The revocation above must commit, so the refusal is thrown after the transaction.
  if (outcome === null || outcome === 'reused') throw refused();
  return outcome;
};

/** The pair a refresh gave, answered again while both tokens are as it left them (neither used nor revoked). */
const sameAnswer = async (tx: Sql, pair: { token: string; refreshToken: string }): Promise<IssuedSession | null> => {
  const [row] = await tx.query<{ expires_at: Date }>(
    `SELECT a.expires_at FROM refresh_tokens r JOIN auth_tokens a ON a.family = r.family AND a.token_hash = $2
     WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.revoked_at IS NULL AND r.expires_at > now()`,
    [hashToken(pair.refreshToken), hashToken(pair.token)],
  );
  return row ? { ...pair, expiresAt: row.expires_at.getTime() } : null;
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
