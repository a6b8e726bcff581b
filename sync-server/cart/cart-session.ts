import { emptyCart, type Cart } from '../../schema/index.ts';
import { NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import type { CartPricing } from '../../schema/cart/tier-pricing.ts';
import type { Sql } from '../store/database.ts';

/**
 * The carts one executor batch works on: loaded and row-locked in owner order (so two executors never
 * deadlock), changed in memory by the handlers, written back once in the batch's transaction (rows()).
 */
export class CartSession {
  private readonly carts = new Map<string, Cart>();
  private readonly dirty = new Set<string>();
  /** Each owner's customer group, read with the lock: a user's `group_id`; a guest has no users row. */
  private readonly groups = new Map<string, number>();

  static async load(tx: Sql, owners: readonly string[]): Promise<CartSession> {
    const session = new CartSession();
    const sorted = [...new Set(owners)].sort();
    // The owner's customer group comes with the lock (the cart rules charge its tier prices), not in a round trip
    // of its own. Only the cart rows are locked: an operator changing a group does not wait for carts.
    const lock = (list: string[]) =>
      tx.query<{ owner: string; doc: Cart; server_seq: number; group_id: number | null }>(
        `SELECT c.owner, c.doc, c.server_seq, u.group_id FROM carts c LEFT JOIN users u ON u.owner = c.owner
         WHERE c.owner = ANY($1) ORDER BY c.owner FOR UPDATE OF c`,
        [list],
      );
    const rows = await lock(sorted);
    // Carts are made with their guest token, so a missing one is rare: it gets an empty row, so the
    // lock always has a row to hold.
    const missing = sorted.filter((owner) => !rows.some((row) => row.owner === owner));
    if (missing.length > 0) {
      await tx.query(
        `INSERT INTO carts (owner, doc, server_seq)
         SELECT o, jsonb_build_object('owner', o, 'items', '[]'::jsonb, 'applied', '[]'::jsonb, 'updatedAt', 0), 0
         FROM unnest($1::text[]) AS o ON CONFLICT (owner) DO NOTHING`,
        [missing],
      );
      rows.push(...(await lock(missing)));
    }
    for (const row of rows) {
      session.carts.set(row.owner, { ...row.doc, serverSeq: row.server_seq });
      session.groups.set(row.owner, row.group_id ?? NOT_LOGGED_IN_GROUP);
    }
    return session;
  }

  /** Whose prices the owner's cart is charged at: its user's customer group, or a guest's. */
  pricingOf(owner: string): CartPricing {
    return { customerGroupId: this.groups.get(owner) ?? NOT_LOGGED_IN_GROUP };
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

  /**
   * Every changed cart as the row to write (see writeEffects), its sequence offset counting from
   * `offset`; the written document is `{ ...doc, serverSeq: first + n }`.
   */
  rows(offset: number, now: number): { owner: string; doc: Omit<Cart, 'serverSeq'>; n: number }[] {
    return this.changed().map(({ serverSeq: _old, ...cart }, i) => ({
      owner: cart.owner,
      doc: { ...cart, updatedAt: now },
      n: offset + i,
    }));
  }
}
