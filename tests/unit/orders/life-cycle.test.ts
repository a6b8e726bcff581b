import { describe, expect, it } from 'vitest';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import { emptyCart } from '../../../schema/cart/cart.ts';
import { emptyOrders, type Order } from '../../../schema/orders/order.ts';
import {
  decideOrder,
  decideStatusMove,
  evolveOrders,
  OPERATOR_MOVES,
  removeOrderedLines,
  type OrderEvent,
} from '../../../schema/orders/order-rules.ts';
import { placePayload, productOf } from '../../support/orders.ts';
import { cancelCommand, confirmCommand, contextOf, placeCommand } from './order-context.ts';

/** The order's life cycle (issue 16 "After the order"): allowed and refused moves, by the shopper and the operator. */
describe('order life cycle', () => {
  const mac = productOf('MBA13', 199_900, 3);
  const eur = unitPriceEurOf(199_900);

  const placed = (status: 'received' | 'needs_confirmation' = 'received'): Order => {
    const product = status === 'received' ? mac : productOf(mac.sku, 209_900, 3);
    const decision = decideOrder(
      placeCommand(placePayload([{ sku: mac.sku, qty: 1, unitPriceInclTaxEur: eur }])),
      contextOf([product]),
    );
    if (decision.kind !== 'accepted') throw new Error('not placed');
    return decision.event!.order;
  };

  it('given the same order id placed again, then it is the one order, unchanged, with no event', () => {
    const order = placed();
    const again = decideOrder(
      placeCommand({ ...placePayload([{ sku: mac.sku, qty: 1, unitPriceInclTaxEur: eur }]), orderId: order.orderId }),
      contextOf([mac], { orders: [order] }),
    );
    expect(again).toEqual({
      kind: 'accepted',
      result: { orderId: order.orderId, orderNumber: order.orderNumber, status: 'received' },
    });
  });

  it("given another owner's order id, when placed, confirmed or cancelled, then it is refused and reveals nothing", () => {
    const order = placed();
    const ctx = contextOf([mac], { orders: [order] });
    const payload = { ...placePayload([{ sku: mac.sku, qty: 1, unitPriceInclTaxEur: eur }]), orderId: order.orderId };
    expect(decideOrder(placeCommand(payload, 'guest-b'), ctx)).toMatchObject({
      kind: 'refused',
      code: 'order_exists',
      field: 'orderId',
    });
    expect(decideOrder(cancelCommand(order.orderId, 'guest-b'), ctx)).toMatchObject({ code: 'order_not_found' });
    expect(decideOrder(confirmCommand(order.orderId, 1, 'guest-b'), ctx)).toMatchObject({ code: 'order_not_found' });
  });

  it('given an order waiting for confirmation, when confirmed with the current total, then it is received and reserves stock', () => {
    const waiting = placed('needs_confirmation');
    expect(waiting.status).toBe('needs_confirmation');
    const ctx = contextOf([productOf(mac.sku, 209_900, 3)], { orders: [waiting] });
    const wrong = decideOrder(confirmCommand(waiting.orderId, waiting.totals.grandTotalEur - 1), ctx);
    expect(wrong).toMatchObject({ kind: 'accepted', result: { status: 'needs_confirmation' } });
    const confirmed = decideOrder(confirmCommand(waiting.orderId, waiting.totals.grandTotalEur), ctx);
    expect(confirmed).toMatchObject({ kind: 'accepted', result: { status: 'received' } });
    if (confirmed.kind !== 'accepted') return;
    expect(confirmed.event!.stock).toEqual([{ sku: mac.sku, delta: -1 }]);
    expect(confirmed.event!.order.differences).toBeUndefined();
    expect(confirmed.event!.order.history.map((h) => h.status)).toEqual(['needs_confirmation', 'received']);
  });

  it('given a received order, when the shopper cancels, then it is cancelled and its stock released; a second cancel changes nothing', () => {
    const order = placed();
    const cancelled = decideOrder(cancelCommand(order.orderId), contextOf([mac], { orders: [order] }));
    expect(cancelled).toMatchObject({
      kind: 'accepted',
      result: { status: 'cancelled' },
      event: { stock: [{ sku: mac.sku, delta: 1 }] },
    });
    const after = (cancelled as { event: OrderEvent }).event.order;
    expect(decideOrder(cancelCommand(order.orderId), contextOf([mac], { orders: [after] }))).toEqual({
      kind: 'accepted',
      result: { orderId: order.orderId, orderNumber: order.orderNumber, status: 'cancelled' },
    });
  });

  it('given an order waiting for confirmation, when cancelled, then no stock is released (none was reserved)', () => {
    const waiting = placed('needs_confirmation');
    expect(decideOrder(cancelCommand(waiting.orderId), contextOf([mac], { orders: [waiting] }))).toMatchObject({
      event: { stock: [] },
    });
  });

  it('given a shipped order, when the shopper cancels, then it is refused', () => {
    const shipped = { ...placed(), status: 'shipped' as const };
    expect(decideOrder(cancelCommand(shipped.orderId), contextOf([mac], { orders: [shipped] }))).toMatchObject({
      kind: 'refused',
      code: 'order_not_cancellable',
    });
  });

  it('given each status, the operator may make the allowed moves only', () => {
    const order = placed();
    for (const [from, allowed] of Object.entries(OPERATOR_MOVES)) {
      for (const to of ['confirmed', 'shipped', 'delivered', 'cancelled'] as const) {
        const decision = decideStatusMove({ ...order, status: from as Order['status'] }, to, 2);
        expect(decision.kind, `${from} -> ${to}`).toBe(allowed.includes(to) ? 'accepted' : 'refused');
      }
    }
    const cancelledByOperator = decideStatusMove({ ...order, status: 'confirmed' }, 'cancelled', 2);
    expect(cancelledByOperator).toMatchObject({ event: { stock: [{ sku: mac.sku, delta: 1 }] } });
    const shipped = decideStatusMove(order, 'confirmed', 2);
    expect(shipped).toMatchObject({ event: { stock: [], order: { status: 'confirmed' } } });
  });

  it('given orders, when evolved, then the newest is first and a changed order keeps its place', () => {
    const first = placed();
    const second = { ...placed(), orderId: '11111111-1111-4111-8111-111111111111' };
    let doc = evolveOrders(emptyOrders('guest-a'), { order: first }, 1);
    doc = evolveOrders(doc, { order: second }, 2);
    expect(doc.orders.map((o) => o.orderId)).toEqual([second.orderId, first.orderId]);
    doc = evolveOrders(doc, { order: { ...first, status: 'cancelled' } }, 3);
    expect(doc.orders.map((o) => o.status)).toEqual(['received', 'cancelled']);
  });

  it('given a cart, when an order of some of its quantities is placed, then only those leave it', () => {
    const cart = {
      ...emptyCart('guest-a'),
      items: [
        { lineId: 'A', sku: 'A', name: 'A', qty: 3, unitPriceInclTax: 100, options: {} },
        { lineId: 'B', sku: 'B', name: 'B', qty: 1, unitPriceInclTax: 100, options: {} },
        { lineId: 'C', sku: 'C', name: 'C', qty: 1, unitPriceInclTax: 100, options: {} },
      ],
    };
    const left = removeOrderedLines(
      cart,
      [
        { lineId: 'A', sku: 'A', qty: 2 },
        { lineId: 'B', sku: 'B', qty: 1 },
      ],
      5,
    );
    expect(left.items.map((l) => [l.lineId, l.qty])).toEqual([
      ['A', 1],
      ['C', 1],
    ]);
  });
});
