import type { Sql } from '../store/database.ts';

/**
 * The account address of each owner that is a registered user (a guest has none): where a mailing goes
 * (alerts), and the e-mail a personal coupon is checked against for that owner's carts and orders (coupons).
 */
export const accountEmailsOf = async (tx: Sql, owners: readonly string[]): Promise<Map<string, string>> => {
  const wanted = [...new Set(owners)];
  if (wanted.length === 0) return new Map();
  const rows = await tx.query<{ owner: string; email: string }>(
    'SELECT owner, email FROM users WHERE owner = ANY($1)',
    [wanted],
  );
  return new Map(rows.map((row) => [row.owner, row.email]));
};
