import { emptyCart, type Cart, type ProductLookup } from '../../schema/index.ts';
import { NOT_LOGGED_IN_GROUP } from '../../schema/catalog/rules/tier-price.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import type { CartPricing } from '../../schema/cart/tier-pricing.ts';
import {
  loadProductLookup,
  productLookupOf,
  ROWS_BY_SKU_SQL,
  rowsBySkuOf,
  type RowBySku,
} from '../catalog/product-repository.ts';
import { BatchDocumentStore } from '../features/batch-documents.ts';
import type { BatchDocuments } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';
import { cartReadModel } from './cart-read-model.ts';

/**
 * The carts one batch works on, with what pricing them needs: the carts are the batch's documents (BatchDocuments:
 * row-locked in owner order, so two executors never deadlock; one copy shared with the batch's other features, so
 * an order's removal of its lines is what the next cart command sees), changed in memory by the cart's rules and
 * written back once by the kernel.
 */
export class CartSession {
  private readonly owners: string[] = [];
  /** Each owner's customer group: a user's `group_id`; a guest has no users row. */
  private readonly groups = new Map<string, number>();
  /** The products of the carts' lines and of the skus asked for, priced as of the load (see load). */
  products: ProductLookup = () => undefined;

  /** `now`: the batch's time. */
  private constructor(
    private readonly now: number,
    private readonly documents: BatchDocuments,
  ) {}

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
    {
      skus = [],
      now = Date.now(),
      documents = new BatchDocumentStore(tx, now),
    }: { skus?: readonly string[]; now?: number; documents?: BatchDocuments } = {},
  ): Promise<CartSession> {
    const session = new CartSession(now, documents);
    const sorted = [...new Set(owners)].sort();
    await documents.lock(cartReadModel, sorted);
    session.owners.push(...sorted);

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

  /**
   * Adds the enabled siblings of the carts' variant lines, and of the variants of `adding` (skus the batch may add
   * before it moves a line), to `products` (cart.configureLine moves a line to one), read like the rest as of the
   * batch's time.
   */
  async loadSiblings(tx: Sql, adding: readonly string[] = []): Promise<void> {
    const known = this.products;
    const siblings = [...this.skus(), ...adding].flatMap(
      (sku) => known(sku)?.variant?.siblings.map((s) => s.sku) ?? [],
    );
    const missing = [...new Set(siblings)].filter((sku) => !known(sku));
    if (missing.length === 0) return;
    const more = await loadProductLookup(tx, missing, new Date(this.now));
    this.products = (sku) => known(sku) ?? more(sku);
  }

  /** Whose prices the owner's cart is charged at: its user's customer group, or a guest's. */
  pricingOf(owner: string): CartPricing {
    return { customerGroupId: this.groups.get(owner) ?? NOT_LOGGED_IN_GROUP };
  }

  /** The owner's cart as the batch's commands have left it so far. */
  get(owner: string): Cart {
    return this.documents.has(cartReadModel, owner) ? this.documents.get<Cart>(cartReadModel, owner) : emptyCart(owner);
  }

  /** The owner's cart changed: the batch's later commands see it, and the kernel writes it. */
  set(owner: string, cart: Cart): void {
    this.documents.set(cartReadModel, owner, cart);
  }

  skus(): string[] {
    return this.owners.flatMap((owner) => this.get(owner).items.map((line) => line.sku));
  }
}
