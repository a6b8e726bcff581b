import fc from 'fast-check';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineIdOf } from '../../schema/cart/cart.ts';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';
import type { CommandDocument, CommandType, PayloadInputOf } from '../../schema/index.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { ownerReadModels } from '../../sync-server/features/registered.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { setStock } from '../support/order-world.ts';
import { placePayload, validDetails } from '../support/orders.ts';
import { pendingCommand } from '../support/protocol-client.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';
import { saving } from '../support/wishlist.ts';
import { configurableIphone, emptySnapshot, ON_SALE_CHILD } from './catalog-fixtures.ts';

/**
 * The kernel's promise, as a property: a client's commands leave the same read models and the same outcomes
 * whether they reach the server one push each (every one run alone, in its push's transaction) or all in one push
 * (one batch: a queue drained after an offline spell), whatever their types and however they mix features. Random
 * sequences of every command type, each run both ways by two accounts with the same names, compared after the
 * values that must differ (ids, owners, times, order numbers) are named by their role.
 */

const SKUS = ['APP3', 'MAGIC-KB-BG', ON_SALE_CHILD] as const;
const COUPON = 'BATCHPROP5';

/** A step of a sequence, with its ids symbolic: each run gives the orders and ads its own. */
type Step =
  | { type: 'cart.addItem'; sku: number; qty: number }
  | { type: 'cart.updateQty'; sku: number; qty: number }
  | { type: 'cart.removeItem'; sku: number; qty?: number }
  | { type: 'cart.clear' }
  | { type: 'cart.applyCoupon'; known: boolean }
  | { type: 'cart.removeCoupon' }
  | { type: 'cart.configureLine'; sku: number }
  | { type: 'cart.setShippingInformation'; method: 'courier' | 'pickup' }
  | { type: 'wishlist.add'; sku: number }
  | { type: 'wishlist.remove'; sku: number }
  | { type: 'order.place'; order: number; lines: { sku: number; qty: number }[]; card: boolean }
  | { type: 'order.confirm'; order: number }
  | { type: 'order.cancel'; order: number }
  | { type: 'notices.acknowledge'; step: number }
  | { type: 'payment.start'; order: number }
  | { type: 'payment.switchToOffline'; order: number }
  | { type: 'ad.save'; ad: number; price: number }
  | { type: 'ad.renew'; ad: number }
  | { type: 'ad.delete'; ad: number }
  | { type: 'review.create'; sku: number; rating: number }
  | { type: 'inquiry.send'; sku: number }
  | { type: 'contact.send' }
  | { type: 'feedback.send' }
  | { type: 'alerts.set'; sku: number; stock: boolean; price: boolean }
  | { type: 'mailings.sendCart' }
  | { type: 'mailings.sendWishlist' };

const sku = fc.nat({ max: SKUS.length - 1 });
const qty = fc.integer({ min: 1, max: 3 });
const order = fc.nat({ max: 2 });
const ad = fc.nat({ max: 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant('cart.addItem' as const), sku, qty }),
  fc.record({ type: fc.constant('cart.addItem' as const), sku, qty }),
  fc.record({ type: fc.constant('cart.updateQty' as const), sku, qty }),
  fc.record({ type: fc.constant('cart.removeItem' as const), sku, qty: fc.option(qty, { nil: undefined }) }),
  fc.constant({ type: 'cart.clear' as const }),
  fc.record({ type: fc.constant('cart.applyCoupon' as const), known: fc.boolean() }),
  fc.constant({ type: 'cart.removeCoupon' as const }),
  fc.record({ type: fc.constant('cart.configureLine' as const), sku }),
  fc.record({
    type: fc.constant('cart.setShippingInformation' as const),
    method: fc.constantFrom('courier' as const, 'pickup' as const),
  }),
  fc.record({ type: fc.constant('wishlist.add' as const), sku }),
  fc.record({ type: fc.constant('wishlist.remove' as const), sku }),
  fc.record({
    type: fc.constant('order.place' as const),
    order,
    lines: fc.uniqueArray(fc.record({ sku, qty }), { minLength: 1, maxLength: 2, selector: (l) => l.sku }),
    card: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('order.place' as const),
    order,
    lines: fc.uniqueArray(fc.record({ sku, qty }), { minLength: 1, maxLength: 2, selector: (l) => l.sku }),
    card: fc.boolean(),
  }),
  fc.record({ type: fc.constant('order.confirm' as const), order }),
  fc.record({ type: fc.constant('order.cancel' as const), order }),
  fc.record({ type: fc.constant('notices.acknowledge' as const), step: fc.nat({ max: 11 }) }),
  fc.record({ type: fc.constant('payment.start' as const), order }),
  fc.record({ type: fc.constant('payment.switchToOffline' as const), order }),
  fc.record({ type: fc.constant('ad.save' as const), ad, price: fc.integer({ min: 1_000, max: 90_000 }) }),
  fc.record({ type: fc.constant('ad.renew' as const), ad }),
  fc.record({ type: fc.constant('ad.delete' as const), ad }),
  fc.record({ type: fc.constant('review.create' as const), sku, rating: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ type: fc.constant('inquiry.send' as const), sku }),
  fc.constant({ type: 'contact.send' as const }),
  fc.constant({ type: 'feedback.send' as const }),
  fc.record({ type: fc.constant('alerts.set' as const), sku, stock: fc.boolean(), price: fc.boolean() }),
  fc.constant({ type: 'mailings.sendCart' as const }),
  fc.constant({ type: 'mailings.sendWishlist' as const }),
);

/** One sequence that names every command type once, in an order where each can succeed: always tried first. */
const EVERY_TYPE: Step[] = [
  { type: 'cart.addItem', sku: 0, qty: 2 },
  { type: 'cart.addItem', sku: 2, qty: 1 },
  { type: 'cart.updateQty', sku: 0, qty: 3 },
  { type: 'cart.configureLine', sku: 2 },
  { type: 'cart.applyCoupon', known: true },
  { type: 'cart.setShippingInformation', method: 'courier' },
  { type: 'wishlist.add', sku: 1 },
  { type: 'alerts.set', sku: 1, stock: true, price: false },
  { type: 'mailings.sendCart' },
  { type: 'mailings.sendWishlist' },
  { type: 'order.place', order: 0, lines: [{ sku: 0, qty: 1 }], card: false },
  { type: 'cart.addItem', sku: 0, qty: 1 },
  { type: 'cart.removeItem', sku: 0, qty: 1 },
  { type: 'order.place', order: 1, lines: [{ sku: 1, qty: 1 }], card: true },
  { type: 'payment.start', order: 1 },
  { type: 'payment.switchToOffline', order: 1 },
  { type: 'order.confirm', order: 0 },
  { type: 'order.cancel', order: 0 },
  { type: 'notices.acknowledge', step: 10 },
  { type: 'cart.removeCoupon' },
  { type: 'wishlist.remove', sku: 1 },
  { type: 'ad.save', ad: 0, price: 50_000 },
  { type: 'ad.renew', ad: 0 },
  { type: 'ad.delete', ad: 0 },
  { type: 'review.create', sku: 0, rating: 5 },
  { type: 'inquiry.send', sku: 1 },
  { type: 'contact.send' },
  { type: 'feedback.send' },
  { type: 'cart.clear' },
];

describe(`one push each or all in one push: the same read models (${storeKind})`, () => {
  let server: RunningServer;
  /** What an account is charged per unit of each sku, in euro cents (the prices an order is reviewed at). */
  const unitEur = new Map<string, number>();
  let adCategory = '';

  beforeAll(async () => {
    server = await startTestServer();
    await writeCatalog(server.db, { ...emptySnapshot(), products: [configurableIphone()] });
    await server.db.query(
      `INSERT INTO coupons (code, doc) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET doc = EXCLUDED.doc`,
      [COUPON, JSON.stringify({ code: COUPON, kind: 'percent', value: 5 })],
    );
    const [category] = await server.db.query<{ slug: string }>(
      `SELECT c.slug FROM catalog_products p JOIN categories c ON c.id = ANY(p.category_ids)
       WHERE c.is_active ORDER BY c.level DESC, p.sku LIMIT 1`,
    );
    adCategory = category!.slug;
    const pricing = await account('pricing');
    for (const s of SKUS) await setStock(server.db, s, 1_000);
    const adds = SKUS.map((s) => pricing.command('cart.addItem', { sku: s, qty: 1 }, Date.now()));
    await pricing.push(adds);
    const [cart] = await pricing.pull<{ items: { sku: string; unitPriceInclTax: number }[] }>('carts');
    for (const line of cart!.items) unitEur.set(line.sku, unitPriceEurOf(line.unitPriceInclTax));
    expect([...unitEur.keys()].sort()).toEqual([...SKUS].sort());
  });
  afterAll(() => server.close());

  /** A logged-in account speaking the raw sync protocol; every run's accounts have the same names. */
  const account = async (label: string) => {
    const user = await registerLoggedInUser(server.url, label);
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const clientId = `client-${uuidv7()}`;
    let seq = 0;
    return {
      ...user,
      clientId,
      /** `createdAt` is given, so both runs' commands carry the same one. */
      command<T extends CommandType>(type: T, payload: PayloadInputOf<T>, createdAt: number): CommandDocument {
        return pendingCommand({ owner: user.owner, clientId, seq: ++seq }, type, payload, { createdAt });
      },
      async push(docs: CommandDocument[]) {
        const res = await fetch(`${server.url}/sync/commands/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ rows: docs.map((d) => ({ newDocumentState: d })) }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
      },
      async pull<Doc>(collection: string): Promise<Doc[]> {
        const res = await fetch(`${server.url}/sync/${collection}/pull?after=0&limit=1000`, { headers });
        expect(res.status).toBe(200);
        return ((await res.json()) as { documents: Doc[] }).documents;
      },
    };
  };
  type Account = Awaited<ReturnType<typeof account>>;

  /** The run's commands for the steps: its own order and ad ids, the createdAt of the step's index. */
  const commandsOf = (who: Account, steps: readonly Step[], base: number) => {
    const orderIds = [uuidv4(), uuidv4(), uuidv4()];
    const adIds = [uuidv4(), uuidv4()];
    const commands: CommandDocument[] = [];
    for (const [i, step] of steps.entries()) {
      const at = base + i;
      const c = <T extends CommandType>(type: T, payload: PayloadInputOf<T>) =>
        commands.push(who.command(type, payload, at));
      switch (step.type) {
        case 'cart.addItem':
          c(step.type, { sku: SKUS[step.sku]!, qty: step.qty });
          break;
        case 'cart.updateQty':
          c(step.type, { lineId: lineIdOf(SKUS[step.sku]!), qty: step.qty });
          break;
        case 'cart.removeItem':
          c(step.type, { lineId: lineIdOf(SKUS[step.sku]!), ...(step.qty ? { qty: step.qty } : {}) });
          break;
        case 'cart.configureLine':
          // Only the configurable's child has a sibling of this disk; the others are refused, both ways.
          c(step.type, { lineId: lineIdOf(SKUS[step.sku]!), options: { disk: '512' } });
          break;
        case 'cart.applyCoupon':
          c(step.type, { code: step.known ? COUPON : 'NO-SUCH-CODE' });
          break;
        case 'cart.setShippingInformation':
          c(step.type, { method: step.method, city: 'София', postcode: '1000' });
          break;
        case 'wishlist.add':
          c(step.type, saving(SKUS[step.sku]!));
          break;
        case 'wishlist.remove':
          c(step.type, { sku: SKUS[step.sku]! });
          break;
        case 'order.place': {
          const lines = step.lines.map((l) => ({
            sku: SKUS[l.sku]!,
            qty: l.qty,
            unitPriceInclTaxEur: unitEur.get(SKUS[l.sku]!)!,
          }));
          const details = {
            ...validDetails,
            personal: { ...validDetails.personal, emailAddress: who.email },
            payment: { paymentMethod: step.card ? 'card' : 'cashondelivery' },
          } as const;
          c(step.type, placePayload(lines, { orderId: orderIds[step.order]!, details }));
          break;
        }
        case 'order.confirm':
          c(step.type, { orderId: orderIds[step.order]!, acceptedTotalEur: 0 });
          break;
        case 'order.cancel':
        case 'payment.start':
          c(step.type, { orderId: orderIds[step.order]! });
          break;
        case 'payment.switchToOffline':
          c(step.type, { orderId: orderIds[step.order]!, paymentMethod: 'banktransfer' });
          break;
        case 'notices.acknowledge': {
          const told = commands[Math.min(step.step, commands.length - 1)];
          if (told) c(step.type, { notices: [{ id: told.id, createdAt: told.createdAt }] });
          else c('cart.clear', {});
          break;
        }
        case 'ad.save':
          c(step.type, {
            ad: {
              id: adIds[step.ad]!,
              title: 'MacBook Air в отлично състояние',
              description: 'Продавам, защото си взех нов. С кутия и зарядно.',
              category: adCategory,
              condition: 'like-new',
              price: { kind: 'fixed', cents: step.price },
              city: 'София',
              photos: [],
              contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
            },
          });
          break;
        case 'ad.renew':
        case 'ad.delete':
          c(step.type, { adId: adIds[step.ad]! });
          break;
        case 'review.create':
          c(step.type, {
            sku: SKUS[step.sku]!,
            rating: step.rating,
            text: 'Отличен продукт, препоръчвам го на всеки.',
            nickname: 'Петя',
          });
          break;
        case 'inquiry.send':
          c(step.type, {
            sku: SKUS[step.sku]!,
            name: 'Петя Иванова',
            email: who.email,
            message: 'Кога ще имате отново на склад?',
          });
          break;
        case 'contact.send':
          c(step.type, {
            name: 'Петя Иванова',
            email: who.email,
            message: 'Имате ли магазин в Пловдив?',
            terms1: true,
            terms2: false,
            terms3: false,
          });
          break;
        case 'feedback.send':
          c(step.type, { email: who.email, message: 'Много удобен магазин, благодаря.', page: '/' });
          break;
        case 'alerts.set':
          c(step.type, { sku: SKUS[step.sku]!, notify_for_stock: step.stock, notify_for_price: step.price });
          break;
        case 'mailings.sendCart':
        case 'mailings.sendWishlist':
          c(step.type, { language: 'bg' });
          break;
      }
    }
    return { commands, names: namesOf(who, commands, orderIds, adIds) };
  };

  /** The read models and outcomes an account ends with, with the values that differ between runs named by role. */
  const endState = async (who: Account, commands: readonly CommandDocument[], names: Map<string, string>) => {
    const collections = ownerReadModels.map((m) => m.collection);
    const models: Record<string, unknown> = {};
    for (const collection of collections) models[collection] = normalised((await who.pull(collection)).at(-1), names);
    const outcomes = await who.pull<CommandDocument>('outcomes');
    const byId = new Map(outcomes.map((o) => [o.id, o]));
    const settled = commands.map((c) => {
      const o = byId.get(c.id);
      return normalised({ type: c.type, status: o?.status, code: o?.resultCode, result: o?.result }, names);
    });
    return { models, settled };
  };

  const runBothWays = async (steps: readonly Step[]) => {
    const base = Date.now();
    const one = await account('each');
    const all = await account('each');
    for (const s of SKUS) await setStock(server.db, s, 1_000);
    const alone = commandsOf(one, steps, base);
    for (const command of alone.commands) await one.push([command]);
    const aloneState = await endState(one, alone.commands, alone.names);

    for (const s of SKUS) await setStock(server.db, s, 1_000);
    const together = commandsOf(all, steps, base);
    await all.push(together.commands);
    const togetherState = await endState(all, together.commands, together.names);
    return { alone: aloneState, together: togetherState };
  };

  it('a sequence of every command type', async () => {
    const { alone, together } = await runBothWays(EVERY_TYPE);
    expect(together).toEqual(alone);
    // The sequence does what it was written for: the order took its line out of the cart before the add after it.
    const statuses = alone.settled.map((s) => (s as { status: string }).status);
    expect(statuses.every((s) => s === 'succeeded' || s === 'rejected')).toBe(true);
    expect(statuses.filter((s) => s === 'succeeded').length).toBeGreaterThan(EVERY_TYPE.length / 2);
  });

  it('random mixed sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 12 }), async (steps) => {
        const { alone, together } = await runBothWays(steps);
        expect(together).toEqual(alone);
      }),
      { numRuns: 20, seed: 20261206 },
    );
  });
});

/** The run's own values, named by role: the owner, its client and e-mail, its orders, ads and commands. */
const namesOf = (
  who: { owner: string; clientId: string; email: string },
  commands: readonly CommandDocument[],
  orderIds: readonly string[],
  adIds: readonly string[],
): Map<string, string> =>
  new Map<string, string>([
    [who.owner, 'OWNER'],
    [who.clientId, 'CLIENT'],
    [who.email, 'EMAIL'],
    ...orderIds.map((id, i) => [id, `ORDER${i}`] as [string, string]),
    ...adIds.map((id, i) => [id, `AD${i}`] as [string, string]),
    ...commands.map((c, i) => [c.id, `COMMAND${i}`] as [string, string]),
  ]);

/** Keys whose values are the run's times, counters or the provider's references: they differ by nature. */
const VOLATILE = /(At|^at|^date|serverSeq|orderNumber|providerRef|reviewId|Ms)$/;

const normalised = (value: unknown, names: Map<string, string>): unknown => {
  if (typeof value === 'string') {
    let text = value;
    for (const [from, to] of names) if (text.includes(from)) text = text.split(from).join(to);
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => normalised(v, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VOLATILE.test(key))
        .map(([key, v]) => [normalised(key, names) as string, normalised(v, names)]),
    );
  return value;
};
