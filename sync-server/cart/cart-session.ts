import { emptyCart, type Cart, type ProductLookup } from '../../schema/index.ts';
import { NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import type { CartPricing } from '../../schema/cart/tier-pricing.ts';
import { productLookupOf, ROWS_BY_SKU_SQL, rowsBySkuOf, type RowBySku } from '../catalog/product-repository.ts';
import type { Sql } from '../store/database.ts';

/**
 * The carts one executor batch works on: loaded and row-locked in owner order (so two executors never
 * deadlock), changed in memory by the handlers, written back once in the batch's transaction (rows()).
 */
export class CartSession {
  private readonly carts = new Map<string, Cart>();
  private readonly dirty = new Set<string>();
  /** Each owner's customer group: a user's `group_id`; a guest has no users row. */
  private readonly groups = new Map<string, number>();
  /** The products of the carts' lines and of the skus asked for, priced as of the load (see load). */
  products: ProductLookup = () => undefined;

  /**
   * Locks the owners' carts, then reads, in one statement, what the cart rules need besides them: the products of
   * `skus` and of the carts' lines (with live stock), the tax rules and each owner's customer group. That read is
   * a statement after the lock: under READ COMMITTED a statement sees other rows as they were when it began, so
   * read with the lock, a group (or a price) committed by the transaction the lock waited for (an operator moving
   * the user to a group and re-pricing the cart) would be missed. One statement, not three (products, tax rules,
   * and the group with the lock): bench:sync's push transaction, 5 statements instead of 6.
   */
  static async load(
    tx: Sql,
    owners: readonly string[],
    { skus = [], now = Date.now() }: { skus?: readonly string[]; now?: number } = {},
  ): Promise<CartSession> {
    const session = new CartSession();
    const sorted = [...new Set(owners)].sort();
    const lock = (list: string[]) =>
      tx.query<{ owner: string; doc: Cart; server_seq: number }>(
        'SELECT owner, doc, server_seq FROM carts WHERE owner = ANY($1) ORDER BY owner FOR UPDATE',
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
    for (const row of rows) session.carts.set(row.owner, { ...row.doc, serverSeq: row.server_seq });

    const wanted = [...new Set([...skus, ...session.skus()])];
    // A row per product row, or one without a product; the tax rules and the groups come once, in the first row
    // (a batch of many carts and products would otherwise repeat them in every row).
    const read = await tx.query<
      Partial<RowBySku> & { n: number | null; tax_rules: TaxRule[] | null; groups: Record<string, number> | null }
    >(
      `SELECT CASE WHEN r.n IS NULL OR r.n = 1 THEN shared.tax_rules END AS tax_rules,
         CASE WHEN r.n IS NULL OR r.n = 1 THEN shared.groups END AS groups, r.*
       FROM (
         SELECT (SELECT jsonb_agg(doc ORDER BY id) FROM tax_rules) AS tax_rules,
           (SELECT jsonb_object_agg(owner, group_id) FROM users WHERE owner = ANY($2) AND group_id IS NOT NULL) AS groups
       ) AS shared
       LEFT JOIN LATERAL (SELECT q.*, row_number() OVER () AS n FROM (${ROWS_BY_SKU_SQL}) AS q) AS r ON true`,
      [wanted, sorted],
    );
    const shared = read.find((row) => row.n === null || row.n === 1);
    for (const owner of sorted) session.groups.set(owner, shared?.groups?.[owner] ?? NOT_LOGGED_IN_GROUP);
    const products = rowsBySkuOf(read.filter((row): row is RowBySku & typeof row => row.sku != null));
    if (products.size > 0) session.products = productLookupOf(products, shared?.tax_rules ?? [], new Date(now));
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
