/**
 * bench:orders' measuring core without its PostgreSQL-only parts, for the logging and metrics cost
 * (tools/bench/ops-overhead.ts): `order.place` pushed over the HTTP push route to a server with its executor off
 * (stored pending), then one Executor with the server's features drains them, as executor-throughput.ts does
 * for cart commands. Each shopper orders a product of its own (no contention), one order a push, all shoppers at
 * once (a device sends its next order when the last is answered), as bench:orders' uncontended run.
 */
import { v7 as uuidv7 } from 'uuid';
import { startServer, type StartOptions } from '../../sync-server/server.ts';
import { drainBacklog, pendingCount } from './executor-throughput.ts';
import { addToCart, placeOrder, priceFromCarts, setStock, simpleSkus, type Shopper } from './order-shoppers.ts';
import { createGuestCart, push } from './raw-client.ts';
import { pool } from './stats.ts';
import type { TracedDatabase } from './stores.ts';

export interface OrdersResult {
  orders: number;
  /** Orders taken in per second over the HTTP push route. */
  pushCps: number;
  /** Orders settled per second by one executor draining the backlog. */
  execCps: number;
}

export const measureOrders = async (
  db: TracedDatabase,
  shopperCount: number,
  perShopper: number,
  settings: Pick<StartOptions, 'METRICS'> = {},
): Promise<OrdersResult> => {
  const server = await startServer({
    PORT: 0,
    HOST: '127.0.0.1',
    EXECUTOR: 'off',
    SEED: 'demo',
    STATIC_DIR: undefined,
    db,
    ...settings,
  });
  try {
    const skus = await simpleSkus(db, shopperCount);
    if (skus.length < shopperCount) throw new Error(`only ${skus.length} simple products for ${shopperCount} shoppers`);
    await setStock(db, skus, 1_000_000);
    const shoppers: Shopper[] = await Promise.all(
      skus.map(async (sku) => ({
        ...(await createGuestCart(server.url)),
        clientId: `overhead-${uuidv7()}`,
        seq: 0,
        sku,
        unitEur: 0,
      })),
    );
    // Not timed: each shopper's product in its cart, which prices it (an order carries the price it was shown).
    await pool(shoppers, 8, async (s) => void (await push(server.url, s.token, [addToCart(s)])));
    await drainBacklog(db, 60_000);
    await priceFromCarts(db, shoppers);

    const orders = shopperCount * perShopper;
    const pushStart = performance.now();
    await pool(shoppers, shoppers.length, async (s) => {
      for (let i = 0; i < perShopper; i += 1) await push(server.url, s.token, [placeOrder(s)]);
    });
    const pushMs = performance.now() - pushStart;
    const pending = await pendingCount(db);
    if (pending !== orders) throw new Error(`orders core: ${pending} pending after the pushes, expected ${orders}`);

    const { drainMs } = await drainBacklog(db, 120_000);
    const [received] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE status = 'received'");
    if (received?.n !== orders) throw new Error(`orders core: ${received?.n} orders received, expected ${orders}`);
    return { orders, pushCps: orders / (pushMs / 1000), execCps: orders / (drainMs / 1000) };
  } finally {
    db.trace.enabled = false;
    await server.close();
  }
};
