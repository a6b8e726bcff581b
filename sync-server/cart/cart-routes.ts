import { Router, type Request } from 'express';
import { v7 as uuidv7 } from 'uuid';
import { emptyCart, type Cart } from '../../schema/index.ts';
import {
  paymentMethodByCode,
  paymentMethodsFor,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '../../schema/checkout/methods.ts';
import { accountLimitsOf, clientAddress, enforceLimit, limitKey, type WindowLimit } from '../accounts/rate-limit.ts';
import { loadRateLimitConfig } from '../config.ts';
import { authenticate, newToken, principalOf, storeToken } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { refuseUnstorableInput } from '../http/storable-input.ts';
import { isMethodOffered } from '../payments/payment-settings.ts';
import { ok, parseInput } from '../http/respond.ts';
import type { Sql } from '../store/database.ts';
import { notifyChanges, reserveServerSeqs } from '../store/server-seq.ts';
import {
  collectTotalsBodySchema,
  couponParamsSchema,
  deleteBodySchema,
  shippingInformationBodySchema,
  shippingMethodsBodySchema,
  updateBodySchema,
} from './cart-api-input.ts';
import { apiLineOf, apiPaymentMethodOf, apiShippingMethodOf, apiTotalsOf } from './cart-api-shapes.ts';
import { runCartCommand, type CartPathDeps, type CartSettlement } from './cart-command-path.ts';
import { jsonObject, okAnswer, type ApiRoute } from '../http/api-description.ts';
import { z } from 'zod';

/**
 * The spec's cart calls (commerce.md section 7), answering `{ code, result }`. Reads come from the cart document;
 * every change is a cart command run through the sync push (cart-command-path.ts), so a call and a device's
 * command obey one set of rules and are exactly once. Bad input is a 400 naming the field; a business refusal of
 * the cart rules a 422 naming the body's field, nothing changed.
 */
export const cartRoutes = (
  deps: CartPathDeps,
  guestLimit: WindowLimit = accountLimitsOf(loadRateLimitConfig()).guestAddress,
): Router => {
  const { db } = deps;
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

  // Every call below acts for the token's owner; an unknown path under /api/cart still falls through to the 404.
  const auth = authenticate(db);
  const input = refuseUnstorableInput();

  const cartOf = async (sql: Sql, owner: string): Promise<Cart> => {
    const [row] = await sql.query<{ doc: Cart }>('SELECT doc FROM carts WHERE owner = $1', [owner]);
    return row ? { ...emptyCart(owner), ...row.doc, owner } : emptyCart(owner);
  };

  /** The outcome of a cart command: its result, or the refusal as a 422 naming the body's field for `payload.*`. */
  const settle = (settled: CartSettlement, fields: Record<string, string>): Record<string, unknown> => {
    if (settled.status === 'succeeded') return settled.result;
    const field = settled.error.field;
    const named = field
      ? (fields[field.split('.').slice(0, 2).join('.')] ?? field.replace(/^payload\./, ''))
      : undefined;
    throw new HttpProblem(422, settled.error.message, named);
  };
  const keyOf = (req: Request): string | undefined => {
    const key = req.get('idempotency-key');
    if (key !== undefined && (key.length === 0 || key.length > 200)) {
      throw new HttpProblem(400, 'Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key');
    }
    return key;
  };

  /** GET /api/cart/pull: the server cart's items in the spec's shape. */
  router.get('/pull', auth, async (req, res) => {
    const owner = principalOf(req).owner;
    ok(
      res,
      (await cartOf(db, owner)).items.map((line) => apiLineOf(owner, line)),
    );
  });

  /** POST /api/cart/update: with `item_id`, the line's new quantity; without, the product added (cart.addItem). */
  router.post('/update', auth, input, async (req, res) => {
    const { cartItem } = parseInput(updateBodySchema, req.body, 'body');
    const principal = principalOf(req);
    const fields = {
      'payload.lineId': 'cartItem.item_id',
      'payload.qty': 'cartItem.qty',
      'payload.sku': 'cartItem.sku',
      'payload.options': 'cartItem.product_option',
    };
    const result =
      cartItem.item_id !== undefined
        ? settle(
            await runCartCommand(
              deps,
              principal,
              'cart.updateQty',
              { lineId: cartItem.item_id, qty: cartItem.qty },
              keyOf(req),
            ),
            fields,
          )
        : settle(
            await runCartCommand(
              deps,
              principal,
              'cart.addItem',
              {
                sku: cartItem.sku!,
                qty: cartItem.qty,
                options: cartItem.product_option?.extension_attributes?.configurable_item_options ?? {},
              },
              keyOf(req),
            ),
            fields,
          );
    const cart = await cartOf(db, principal.owner);
    const line = cart.items.find((l) => l.lineId === result.lineId);
    ok(res, line ? apiLineOf(principal.owner, line) : result);
  });

  /** POST /api/cart/delete: the line removed (cart.removeItem). */
  router.post('/delete', auth, input, async (req, res) => {
    const { cartItem } = parseInput(deleteBodySchema, req.body, 'body');
    const principal = principalOf(req);
    let lineId = cartItem.item_id;
    if (lineId === undefined) {
      const lines = (await cartOf(db, principal.owner)).items.filter((l) => l.sku === cartItem.sku);
      if (lines.length !== 1) throw new HttpProblem(422, 'This product is no longer in the cart.', 'cartItem.sku');
      lineId = lines[0]!.lineId;
    }
    settle(await runCartCommand(deps, principal, 'cart.removeItem', { lineId }, keyOf(req)), {
      'payload.lineId': 'cartItem.item_id',
    });
    ok(res, true);
  });

  /** GET /api/cart/totals: the totals (segments, lines) by the one totals function, in euro. */
  router.get('/totals', auth, async (req, res) => {
    ok(res, apiTotalsOf(await cartOf(db, principalOf(req).owner)));
  });

  /** POST /api/cart/collect-totals: the totals with the methods given, not saved to the cart. */
  router.post('/collect-totals', auth, input, async (req, res) => {
    const { methods } = parseInput(collectTotalsBodySchema, req.body, 'body');
    const cart = await cartOf(db, principalOf(req).owner);
    const shipping =
      methods?.shippingCarrierCode !== undefined || methods?.shippingMethodCode !== undefined
        ? shippingMethodOf(methods.shippingCarrierCode ?? '', methods.shippingMethodCode ?? '', 'methods')
        : undefined;
    const payment = methods?.paymentMethod?.method;
    if (payment !== undefined && !paymentMethodByCode(payment)) {
      throw new HttpProblem(400, 'unknown payment method', 'methods.paymentMethod.method');
    }
    const method = shipping?.code ?? cart.shipping?.method;
    ok(
      res,
      apiTotalsOf({
        ...cart,
        ...(method ? { shipping: { method, ...(payment ? { payment } : {}) } } : {}),
      }),
    );
  });

  /**
   * GET /api/cart/payment-methods: cash on delivery hidden when every line is virtual or downloadable; card, PayPal and
   * credit when this server has no gateway for them.
   */
  router.get('/payment-methods', auth, async (req, res) => {
    const cart = await cartOf(db, principalOf(req).owner);
    const types = await typesOf(
      db,
      cart.items.map((l) => l.sku),
    );
    // Online methods only where this server has their provider's gateway (an order naming another is refused).
    const offered = paymentMethodsFor(cart.items.map((l) => ({ typeId: types.get(l.sku) }))).filter(isMethodOffered);
    ok(res, offered.map(apiPaymentMethodOf));
  });

  /** POST /api/cart/shipping-methods: the methods the store offers (the same for every address for now). */
  router.post('/shipping-methods', auth, input, (req, res) => {
    parseInput(shippingMethodsBodySchema, req.body, 'body');
    ok(res, SHIPPING_METHODS.map(apiShippingMethodOf));
  });

  /** POST /api/cart/shipping-information: the method, city and payment saved to the cart; answers the totals. */
  router.post('/shipping-information', auth, input, async (req, res) => {
    const body = parseInput(shippingInformationBodySchema, req.body, 'body');
    const info = body.addressInformation;
    const method = shippingMethodOf(info.shippingCarrierCode, info.shippingMethodCode, 'addressInformation');
    const principal = principalOf(req);
    const city = info.shippingAddress?.city;
    const postcode = info.shippingAddress?.postcode;
    settle(
      await runCartCommand(
        deps,
        principal,
        'cart.setShippingInformation',
        {
          method: method.code,
          ...(city ? { city } : {}),
          ...(postcode ? { postcode } : {}),
          ...(info.officeName ? { officeName: info.officeName } : {}),
          ...(body.paymentMethod ? { payment: body.paymentMethod.method } : {}),
        },
        keyOf(req),
      ),
      {
        'payload.method': 'addressInformation.shippingMethodCode',
        'payload.payment': 'paymentMethod.method',
        'payload.city': 'addressInformation.shippingAddress.city',
        'payload.postcode': 'addressInformation.shippingAddress.postcode',
      },
    );
    ok(res, apiTotalsOf(await cartOf(db, principal.owner)));
  });

  /** POST /api/cart/apply-coupon/{coupon}: result true when the coupon is applied (spec); a refusal says why. */
  router.post('/apply-coupon/:coupon', auth, input, async (req, res) => {
    const { coupon } = parseInput(couponParamsSchema, req.params, 'params');
    settle(await runCartCommand(deps, principalOf(req), 'cart.applyCoupon', { code: coupon }, keyOf(req)), {
      'payload.code': 'coupon',
    });
    ok(res, true);
  });

  /** POST /api/cart/delete-coupon: the coupon removed (true whether or not the cart had one). */
  router.post('/delete-coupon', auth, input, async (req, res) => {
    settle(await runCartCommand(deps, principalOf(req), 'cart.removeCoupon', {}, keyOf(req)), {});
    ok(res, true);
  });

  return router;
};

/** A shipping method by the spec's carrier and method codes; an unknown pair is a 400 naming the field. */
const shippingMethodOf = (carrier: string, method: string, at: string): ShippingMethod => {
  const found = SHIPPING_METHODS.find((m) => m.carrierCode === carrier && m.methodCode === method);
  if (!found) throw new HttpProblem(400, `unknown shipping method ${carrier}/${method}`, `${at}.shippingMethodCode`);
  return found;
};

/** Each sku's product type (a variant is its configurable parent's child: a simple product). */
const typesOf = async (sql: Sql, skus: readonly string[]): Promise<Map<string, string>> => {
  if (skus.length === 0) return new Map();
  const rows = await sql.query<{ sku: string; type_id: string }>(
    `SELECT s.sku, CASE WHEN s.sku = s.product_sku THEN p.type_id ELSE 'simple' END AS type_id
     FROM catalog_skus s JOIN catalog_products p ON p.sku = s.product_sku WHERE s.sku = ANY($1::text[])`,
    [[...new Set(skus)]],
  );
  return new Map(rows.map((r) => [r.sku, r.type_id]));
};

/** An `Idempotency-Key` header: the same key and body run a change once. */
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });
const cartChange = (path: string, summary: string, body?: z.ZodType, params?: typeof couponParamsSchema): ApiRoute => ({
  method: 'post',
  path: `/api/cart/${path}`,
  summary,
  access: 'token',
  description: 'A cart command through the sync push; a refusal of the cart rules is a 422 naming the field.',
  request: { ...(body ? { body } : {}), ...(params ? { params } : {}), headers: idempotencyHeaders },
  responses: {
    ...okAnswer('The changed cart, in the spec’s shape'),
    422: { description: 'Refused by the cart rules' },
  },
});

export const cartApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/cart/create',
    summary: 'A guest cart and its token (or the logged-in account’s cart id)',
    access: 'public',
    responses: okAnswer('The token; `meta.cartId` the cart', z.string()),
  },
  {
    method: 'get',
    path: '/api/cart/pull',
    summary: "The cart's lines",
    access: 'token',
    responses: okAnswer('Cart lines', z.array(jsonObject('A cart line in the spec’s shape'))),
  },
  cartChange('update', 'Add a line or change its quantity', updateBodySchema),
  cartChange('delete', 'Remove a line', deleteBodySchema),
  {
    method: 'get',
    path: '/api/cart/totals',
    summary: "The cart's totals",
    access: 'token',
    responses: okAnswer('Totals', jsonObject('Totals in the spec’s shape')),
  },
  {
    method: 'post',
    path: '/api/cart/collect-totals',
    summary: 'Totals for a chosen shipping and payment method',
    access: 'token',
    request: { body: collectTotalsBodySchema },
    responses: okAnswer('Totals', jsonObject('Totals in the spec’s shape')),
  },
  {
    method: 'get',
    path: '/api/cart/payment-methods',
    summary: 'Payment methods offered for this cart',
    access: 'token',
    responses: okAnswer('Methods', z.array(jsonObject('A payment method'))),
  },
  {
    method: 'post',
    path: '/api/cart/shipping-methods',
    summary: 'Shipping methods',
    access: 'token',
    request: { body: shippingMethodsBodySchema },
    responses: okAnswer('Methods', z.array(jsonObject('A shipping method'))),
  },
  cartChange('shipping-information', 'Set the shipping address and method', shippingInformationBodySchema),
  cartChange('apply-coupon/:coupon', 'Apply a coupon code', undefined, couponParamsSchema),
  cartChange('delete-coupon', 'Remove the coupon'),
];
