import { describe, expect, it } from 'vitest';
import { parseCommand, type CommandDocument } from '../../../schema/index.ts';
import type { Order } from '../../../schema/orders/order.ts';
import type { OrderPlacePayloadInput } from '../../../schema/orders/order-commands.ts';
import { cancellable, foldPendingOrders } from '../../../client/orders/order-view.ts';
import { AIRPODS_ORDER_LINE, anOrder } from '../../support/order-document.ts';
import { validDetails } from '../../support/orders.ts';

const OWNER = 'guest-0190a8f2-7c3e-7000-8000-000000000001';
const ORDER_ID = '0190a8f2-7c3e-7000-8000-00000000000a';

const placePayload = (orderId = ORDER_ID): OrderPlacePayloadInput => ({
  orderId,
  details: validDetails,
  lines: [AIRPODS_ORDER_LINE],
  reviewedTotalEur: 25_560 + 256,
});

let seq = 0;
const pending = (type: string, payload: unknown, createdAt = 1_000): CommandDocument => ({
  id: `0190a8f2-7c3e-7000-8000-${String(++seq).padStart(12, '0')}`,
  type,
  payload: payload as Record<string, unknown>,
  owner: OWNER,
  clientId: 'client-1',
  seq,
  createdAt,
  status: 'pending',
  serverSeq: 0,
});

const serverOrder = (status: Order['status'], createdAt = 500): Order => anOrder({ status, owner: OWNER }, createdAt);

describe('the orders the shopper sees', () => {
  it('given an order placed offline, when nothing has been sent, then it is listed at once as waiting to be sent', () => {
    const shown = foldPendingOrders([], [pending('order.place', placePayload())], parseCommand);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ orderId: ORDER_ID, status: 'waiting', orderNumber: undefined });
    // The euro totals of the one totals function: two units and the courier's flat rate, once.
    expect(shown[0]!.totals.subtotalInclTaxEur).toBe(25_560);
    expect(shown[0]!.totals.shippingEur).toBe(256);
    expect(shown[0]!.totals.grandTotalEur).toBe(25_816);
  });

  it('given the server lists the order, when the place command is still pending, then the server copy is shown once', () => {
    const shown = foldPendingOrders([serverOrder('received')], [pending('order.place', placePayload())], parseCommand);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ status: 'received', orderNumber: 'BG-2026-000001' });
  });

  it('given two tabs placed the same order id, when both are pending, then one order is shown', () => {
    const shown = foldPendingOrders(
      [],
      [pending('order.place', placePayload()), pending('order.place', placePayload())],
      parseCommand,
    );
    expect(shown).toHaveLength(1);
  });

  it('given a pending cancel, when the order is not shipped, then it shows cancelled; a shipped one stays shipped', () => {
    const cancel = pending('order.cancel', { orderId: ORDER_ID });
    expect(foldPendingOrders([serverOrder('received')], [cancel], parseCommand)[0]!.status).toBe('cancelled');
    expect(foldPendingOrders([serverOrder('shipped')], [cancel], parseCommand)[0]!.status).toBe('shipped');
  });

  it('given orders of several times, then the newest comes first', () => {
    const other = '0190a8f2-7c3e-7000-8000-00000000000b';
    const shown = foldPendingOrders(
      [serverOrder('received', 500)],
      [pending('order.place', placePayload(other), 900)],
      parseCommand,
    );
    expect(shown.map((o) => o.orderId)).toEqual([other, ORDER_ID]);
  });

  // Issue 29, item 10: an order made offline and refused on arrival (sold out meanwhile) does not vanish.
  const refused = (payload: OrderPlacePayloadInput, status: 'rejected' | 'failed' = 'rejected'): CommandDocument => ({
    ...pending('order.place', payload, 2_000),
    status,
    error: { code: 'out_of_stock', message: ORDER_OUT_OF_STOCK },
  });
  const ORDER_OUT_OF_STOCK = 'The product is out of stock and cannot be ordered.';

  it('given an order refused on arrival, then it stays in the history, marked refused, with its reason', () => {
    const shown = foldPendingOrders([], [], parseCommand, [], [refused(placePayload())]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      orderId: ORDER_ID,
      status: 'refused',
      orderNumber: undefined,
      refusal: { code: 'out_of_stock', message: ORDER_OUT_OF_STOCK },
    });
    expect(shown[0]!.lines.map((line) => line.sku)).toEqual(['APP3']);
    expect(cancellable(shown[0]!.status)).toBe(false);
  });

  it('given the refusal has arrived while its command is still listed as pending, then the order shows refused once', () => {
    const answer = refused(placePayload());
    const stillPending = { ...answer, status: 'pending' as const };
    const shown = foldPendingOrders([], [stillPending], parseCommand, [], [answer]);
    expect(shown.map((o) => o.status)).toEqual(['refused']);
  });

  it('given a refused order placed again and accepted, then the server order is shown, not the refusal', () => {
    const shown = foldPendingOrders([serverOrder('received')], [], parseCommand, [], [refused(placePayload())]);
    expect(shown.map((o) => o.status)).toEqual(['received']);
  });

  it('given a refused order placed again, while the new place is pending, then it is waiting to be sent', () => {
    const again = pending('order.place', placePayload(), 3_000);
    const shown = foldPendingOrders([], [again], parseCommand, [], [refused(placePayload())]);
    expect(shown.map((o) => o.status)).toEqual(['waiting']);
  });

  it('an order may be cancelled until it is shipped', () => {
    expect(
      ['waiting', 'received', 'needs_confirmation', 'confirmed', 'shipped', 'delivered', 'cancelled'].filter((s) =>
        cancellable(s as 'received'),
      ),
    ).toEqual(['received', 'needs_confirmation', 'confirmed']);
  });
});

describe('the order refusals', () => {
  it('every refusal the order rules give has its words in both languages', async () => {
    const { ORDER_REFUSALS } = await import('../../../schema/orders/revalidate.ts');
    const { checkoutTextsBg } = await import('../../../client/i18n/checkout-texts-bg.ts');
    const { checkoutTextsEn } = await import('../../../client/i18n/checkout-texts-en.ts');
    expect(Object.keys(checkoutTextsBg.refusals).sort()).toEqual(Object.keys(ORDER_REFUSALS).sort());
    expect(Object.keys(checkoutTextsEn.refusals).sort()).toEqual(Object.keys(ORDER_REFUSALS).sort());
  });
});
