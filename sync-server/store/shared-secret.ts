import { randomBytes } from 'node:crypto';
import type { Sql } from './database.ts';

/**
 * A secret every instance of the store shares: the configured one, else the store's, made by the first instance
 * that asks (32 random bytes) and read by every other and after every restart. Without it, each instance behind a
 * balancer signed with its own random key, and what one handed out the next refused.
 */
export const sharedSecret = async (sql: Sql, name: string, configured?: string): Promise<string> => {
  if (configured) return configured;
  await sql.query('INSERT INTO shared_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await sql.query<{ secret: string }>('SELECT secret FROM shared_secrets WHERE name = $1', [name]);
  if (!row) throw new Error(`shared_secrets has no "${name}": migrations did not run`);
  return row.secret;
};
