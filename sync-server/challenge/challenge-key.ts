import { randomBytes } from 'node:crypto';
import type { Sql } from '../store/database.ts';

/**
 * The HMAC key challenges are signed with: the configured one, else the store's, made by the first instance that
 * needs one (so every instance and every restart accepts the challenges the others gave out). Kept in memory per
 * store once read.
 */
const cached = new WeakMap<Sql, string>();

export const challengeKey = async (sql: Sql, configured: string | undefined): Promise<string> => {
  if (configured) return configured;
  const known = cached.get(sql);
  if (known) return known;
  await sql.query('INSERT INTO challenge_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await sql.query<{ secret: string }>('SELECT secret FROM challenge_keys WHERE id = 1');
  if (!row) throw new Error('challenge_keys has no key: migrations did not run');
  cached.set(sql, row.secret);
  return row.secret;
};
