import { Router } from 'express';
import { v7 as uuidv7 } from 'uuid';
import { emptyCart, type Cart } from '../../schema/index.ts';
import { accountLimitsOf, clientAddress, enforceLimit, limitKey, type WindowLimit } from '../accounts/rate-limit.ts';
import { loadRateLimitConfig } from '../config.ts';
import { authenticate, newToken, principalOf, storeToken } from '../http/auth.ts';
import type { Database } from '../store/database.ts';
import { notifyChanges, reserveServerSeqs } from '../store/server-seq.ts';

/** The spec's cart calls. Cart changes themselves are commands; these give identity and a read. */
export const cartRoutes = (
  db: Database,
  guestLimit: WindowLimit = accountLimitsOf(loadRateLimitConfig()).guestAddress,
): Router => {
  const router = Router();

  /**
   * POST /api/cart/create: a guest cart and the token that owns it (the token is the guest's identity). At most
   * GUEST_ADDRESS_MAX per address per window (a device asks once; a shared address holds many devices).
   */
  router.post('/create', async (req, res) => {
    await enforceLimit(
      db,
      res,
      limitKey('guest-address', clientAddress(req)),
      guestLimit,
      'Too many new carts from this address',
    );
    const owner = `guest-${uuidv7()}`;
    const token = newToken();
    await db.transaction(async (tx) => {
      await storeToken(tx, token, { owner, kind: 'guest' });
      const seq = await reserveServerSeqs(tx, 1);
      const { serverSeq: _omit, ...doc } = emptyCart(owner);
      await tx.query('INSERT INTO carts (owner, doc, server_seq) VALUES ($1, $2, $3)', [
        owner,
        JSON.stringify(doc),
        seq,
      ]);
      await notifyChanges(tx, [owner], ['carts']);
    });
    res.json({ code: 200, result: token, meta: { cartId: owner } });
  });

  /** GET /api/cart/pull: the server cart's items in the spec's shape. */
  router.get('/pull', authenticate(db), async (req, res) => {
    const owner = principalOf(req).owner;
    const [row] = await db.query<{ doc: Cart }>('SELECT doc FROM carts WHERE owner = $1', [owner]);
    const items = (row?.doc.items ?? []).map((line) => ({
      sku: line.sku,
      qty: line.qty,
      item_id: line.lineId,
      quote_id: owner,
      name: line.name,
      price_incl_tax: line.unitPriceInclTax / 100,
      product_option: { extension_attributes: { configurable_item_options: line.options } },
    }));
    res.json({ code: 200, result: items });
  });

  return router;
};
