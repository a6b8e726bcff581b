import { emptyCart, type Cart } from '../../schema/index.ts';
import type { Sql } from '../store/database.ts';

/**
 * The carts one executor batch works on: loaded and row-locked in owner order (so two executors never
 * deadlock), changed in memory by the handlers, written back once in the batch's transaction.
 */
export class CartSession {
  private readonly carts = new Map<string, Cart>();
  private readonly dirty = new Set<string>();

  static async load(tx: Sql, owners: readonly string[]): Promise<CartSession> {
    const session = new CartSession();
    const sorted = [...new Set(owners)].sort();
    // A missing cart gets an empty row first, so the lock below always has a row to hold.
    await tx.query(
      `INSERT INTO carts (owner, doc, server_seq)
       SELECT o, jsonb_build_object('owner', o, 'items', '[]'::jsonb, 'applied', '[]'::jsonb, 'updatedAt', 0), 0
       FROM unnest($1::text[]) AS o ON CONFLICT (owner) DO NOTHING`,
      [sorted],
    );
    const rows = await tx.query<{ owner: string; doc: Cart; server_seq: number }>(
      'SELECT owner, doc, server_seq FROM carts WHERE owner = ANY($1) ORDER BY owner FOR UPDATE',
      [sorted],
    );
    for (const row of rows) session.carts.set(row.owner, { ...row.doc, serverSeq: row.server_seq });
    return session;
  }

  get(owner: string): Cart {
    return this.carts.get(owner) ?? emptyCart(owner);
  }

  set(owner: string, cart: Cart): void {
    this.carts.set(owner, cart);
    this.dirty.add(owner);
  }

  skus(): string[] {
    return [...this.carts.values()].flatMap((cart) => cart.items.map((line) => line.sku));
  }

  changed(): Cart[] {
    return [...this.dirty].map((owner) => this.get(owner));
  }

  /** Writes every changed cart with the sequence numbers given, starting at `firstSeq`. */
  async save(tx: Sql, firstSeq: number, now: number): Promise<void> {
    const rows = this.changed().map((cart, i) => {
      const { serverSeq: _ignored, ...doc } = cart;
      return { owner: cart.owner, doc: { ...doc, updatedAt: now }, server_seq: firstSeq + i };
    });
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE carts AS t SET doc = v.doc, server_seq = v.server_seq
       FROM jsonb_to_recordset($1::jsonb) AS v(owner text, doc jsonb, server_seq bigint) WHERE t.owner = v.owner`,
      [JSON.stringify(rows)],
    );
  }
}
