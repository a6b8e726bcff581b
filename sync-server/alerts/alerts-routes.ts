import { Router, type Request } from 'express';
import { z } from 'zod';
import { mailLanguageSchema } from '../../schema/alerts/account-settings.ts';
import { skuSchema } from '../../schema/cart/cart.ts';
import type { CommandType, PayloadInputOf } from '../../schema/index.ts';
import { runCartCommand, type CartPathDeps } from '../cart/cart-command-path.ts';
import { authenticate, principalOf } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import { ok, parseInput } from '../http/respond.ts';
import { okAnswer, type ApiRoute } from '../http/api-description.ts';

/**
 * The spec's calls for notification settings and mailings, each run as a command through the sync push (so
 * exactly once with `Idempotency-Key`, in the owner's order, streamed to the owner's devices):
 * POST /api/products/store-notification-settings, POST /api/cart/send-by-email (body cartId: the token, ignored;
 * the caller's own cart is sent), POST /api/user/send-wishlist-by-email (body cartId, items: ignored; the synced
 * wishlist is sent). A refusal is a 422 naming the field; success is `{ code: 200, result: true }` for the
 * mailings, as the spec reads it.
 */
const settingsBodySchema = z
  .object({
    sku: skuSchema,
    notify_for_stock: z.boolean(),
    notify_for_price: z.boolean(),
    language: mailLanguageSchema.optional(),
  })
  .strict();

/** The spec's bodies carry cartId (and items) the server does not need: the owner's own lists are sent. */
const mailingBodySchema = z
  .object({ cartId: z.unknown().optional(), items: z.unknown().optional(), language: mailLanguageSchema.optional() })
  .strict();

const idempotencyKeyOf = (req: Request): string | undefined => {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(key))
    throw new HttpProblem(400, 'Idempotency-Key: 1..200 visible ASCII', 'Idempotency-Key');
  return key;
};

export const alertsRoutes = (deps: CartPathDeps): Router => {
  const router = Router();
  const run = async <T extends CommandType>(req: Request, type: T, payload: PayloadInputOf<T>) => {
    const settled = await runCartCommand(deps, principalOf(req), type, payload, idempotencyKeyOf(req));
    if (settled.status === 'refused') {
      throw new HttpProblem(
        settled.error.code === 'alerts_login_required' ? 401 : 422,
        settled.error.message,
        settled.error.field?.replace(/^payload\./, ''),
      );
    }
    return settled.result;
  };

  router.post('/products/store-notification-settings', authenticate(deps.db), async (req, res) => {
    const body = parseInput(settingsBodySchema, req.body, 'body');
    ok(res, await run(req, 'alerts.set', { ...body, language: body.language ?? 'bg' }));
  });
  router.post('/cart/send-by-email', authenticate(deps.db), async (req, res) => {
    const body = parseInput(mailingBodySchema, req.body, 'body');
    await run(req, 'mailings.sendCart', { language: body.language ?? 'bg' });
    ok(res, true);
  });
  router.post('/user/send-wishlist-by-email', authenticate(deps.db), async (req, res) => {
    const body = parseInput(mailingBodySchema, req.body, 'body');
    await run(req, 'mailings.sendWishlist', { language: body.language ?? 'bg' });
    ok(res, true);
  });
  return router;
};

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });
const refused = { 422: { description: 'Refused; `result.field` names the field' } };

export const alertsApi: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/products/store-notification-settings',
    summary: 'Be told by e-mail when a product is back in stock or cheaper',
    access: 'token',
    request: { body: settingsBodySchema, headers: idempotencyHeaders },
    responses: { ...okAnswer('The settings'), ...refused },
  },
  {
    method: 'post',
    path: '/api/cart/send-by-email',
    summary: "E-mail the caller's cart to the caller",
    access: 'token',
    request: { body: mailingBodySchema, headers: idempotencyHeaders },
    responses: { ...okAnswer('Sent', z.literal(true)), ...refused },
  },
  {
    method: 'post',
    path: '/api/user/send-wishlist-by-email',
    summary: "E-mail the caller's wishlist to the caller",
    access: 'token',
    request: { body: mailingBodySchema, headers: idempotencyHeaders },
    responses: { ...okAnswer('Sent', z.literal(true)), ...refused },
  },
];
