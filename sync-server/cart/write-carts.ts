import type { Cart } from '../../schema/cart/cart.ts';
import type { Sql } from '../store/database.ts';
import { notifyChanges, reserveServerSeqs } from '../store/server-seq.ts';

/**
 * Writes carts changed outside the executor (a login's merge, an operator's re-pricing) with fresh sequence
 * numbers, and announces them to the owners' streams. Call it last in the transaction: reserving the sequence
 * numbers holds the counter row until COMMIT (see reserveServerSeqs). The carts' rows must exist and be locked.
 */
export const writeCarts = async (tx: Sql, carts: readonly Cart[]): Promise<void> => {
  if (carts.length === 0) return;
  const first = await reserveServerSeqs(tx, carts.length);
  for (const [i, cart] of carts.entries()) {
    const { serverSeq: _old, ...doc } = cart;
    await tx.query('UPDATE carts SET doc = $2, server_seq = $3 WHERE owner = $1', [
      cart.owner,
      JSON.stringify(doc),
      first + i,
    ]);
  }
  await notifyChanges(
    tx,
    carts.map((cart) => cart.owner),
    ['carts'],
  );
};
