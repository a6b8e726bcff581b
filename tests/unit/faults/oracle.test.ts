import { describe, expect, it } from 'vitest';
import type { DeviceView, Dispatched } from '../../support/faults/device-protocol.ts';
import { checkRun, type RunObservation, type StoreCommand } from '../../support/faults/oracle.ts';

/**
 * The fault harness's oracle must be able to fail: a store that is right passes, and each way of being wrong
 * (a command lost, an effect twice, a client's commands run out of order, an order stored twice, stock moved
 * wrongly, a mail sent twice, a charge taken twice, a device behind, queues slow to drain) is reported as such.
 */
const OWNER = 'guest-1';
const CLIENT = 'client-a';
const ORDER = '0b5c3c1e-2f4a-4a43-9a4b-6f1f7a6f0d11';

const command = (seq: number, type: string, payload: unknown, result: unknown = {}): StoreCommand => ({
  id: `cmd-${seq}`,
  clientId: CLIENT,
  seq,
  owner: OWNER,
  type,
  status: 'succeeded',
  serverSeq: 10 + seq,
  payload,
  result,
});
const dispatchedOf = (c: StoreCommand): Dispatched => ({
  id: c.id,
  clientId: c.clientId,
  seq: c.seq,
  owner: c.owner,
  type: c.type,
  payload: c.payload,
});

/** Two watches added, one removed, a wish, then one APP3 ordered out of a cart of two: a consistent store. */
const healthy = (): RunObservation => {
  const commands = [
    command(1, 'cart.addItem', { sku: 'AW11-46-ALU', qty: 2 }),
    command(2, 'cart.removeItem', { lineId: 'AW11-46-ALU', qty: 1 }),
    command(3, 'wishlist.add', { sku: 'APP3' }),
    command(4, 'cart.addItem', { sku: 'APP3', qty: 2 }),
    command(
      5,
      'order.place',
      { orderId: ORDER, lines: [{ lineId: 'APP3', sku: 'APP3', qty: 1 }] },
      { status: 'received', orderId: ORDER },
    ),
  ];
  const cart: [string, number][] = [
    ['AW11-46-ALU', 1],
    ['APP3', 1],
  ];
  const device: DeviceView = {
    name: 'device-a',
    owner: OWNER,
    cart: { serverSeq: 15, lines: cart },
    wishlist: { serverSeq: 13, skus: ['APP3'] },
    orders: { serverSeq: 15, orders: [[ORDER, 'received']] },
    waiting: 0,
  };
  return {
    dispatched: commands.map(dispatchedOf),
    store: {
      commands,
      carts: [{ owner: OWNER, serverSeq: 15, value: cart }],
      wishlists: [{ owner: OWNER, serverSeq: 13, value: ['APP3'] }],
      ownerOrders: [{ owner: OWNER, serverSeq: 15, value: [[ORDER, 'received']] }],
      orders: [{ orderId: ORDER, owner: OWNER, orderNumber: 'BG-2026-000001' }],
      stockMoves: [{ orderId: ORDER, sku: 'APP3', delta: -1 }],
      stock: [{ sku: 'APP3', start: 300, now: 299 }],
      mails: [{ id: 7, kind: 'order-status', to: 'a@example.com', subject: 'Order BG-2026-000001', sent: true }],
      delivered: ['<outbox-7@shop.example>'],
      payments: [],
    },
    devices: [device],
    drainMs: 300,
    drainLimitMs: 2_000,
  };
};

const propertiesOf = (observation: RunObservation) => [...new Set(checkRun(observation).map((v) => v.property))];

describe('the fault oracle', () => {
  it('passes a store where every effect happened once, in order, and every device shows it', () => {
    expect(checkRun(healthy())).toEqual([]);
  });

  it('reports a command the log never got, and one that never ran', () => {
    const missing = healthy();
    missing.store.commands = missing.store.commands.filter((c) => c.seq !== 3);
    missing.store.wishlists = [{ owner: OWNER, serverSeq: 13, value: [] }];
    missing.devices[0]!.wishlist = { serverSeq: 13, skus: [] };
    expect(propertiesOf(missing)).toEqual(['lost']);

    const pending = healthy();
    pending.store.commands[0]!.status = 'pending';
    expect(propertiesOf(pending)).toContain('lost');
  });

  it('reports an effect applied twice: a cart line with more units than its commands give', () => {
    const twice = healthy();
    twice.store.carts = [
      {
        owner: OWNER,
        serverSeq: 15,
        value: [
          ['AW11-46-ALU', 3],
          ['APP3', 1],
        ],
      },
    ];
    twice.devices[0]!.cart = { serverSeq: 15, lines: twice.store.carts[0]!.value };
    const violations = checkRun(twice);
    expect(violations.map((v) => v.property)).toEqual(['duplicated']);
    expect(violations[0]!.detail).toContain('AW11-46-ALU ×3, its commands give ×1');
  });

  it("reports a client's commands run out of seq order", () => {
    const reordered = healthy();
    reordered.store.commands[1]!.serverSeq = 9; // seq 2 ran before seq 1
    expect(propertiesOf(reordered)).toContain('reordered');
  });

  it('reports an order stored twice, a second reservation, and stock that is not start minus units ordered', () => {
    const doubled = healthy();
    doubled.store.orders.push({ ...doubled.store.orders[0]! });
    doubled.store.stockMoves.push({ orderId: ORDER, sku: 'APP3', delta: -1 });
    doubled.store.stock = [{ sku: 'APP3', start: 300, now: 298 }];
    expect(propertiesOf(doubled)).toEqual(['duplicated', 'stock']);
  });

  it('reports an order lost: placed, answered, not stored', () => {
    const lost = healthy();
    lost.store.orders = [];
    expect(propertiesOf(lost)).toContain('lost');
  });

  it('reports a mail queued twice or delivered twice, and a charge taken twice', () => {
    const mails = healthy();
    mails.store.delivered = ['<outbox-7@shop.example>', '<outbox-7@shop.example>'];
    expect(propertiesOf(mails)).toEqual(['double-email']);

    const queued = healthy();
    queued.store.mails.push({ ...queued.store.mails[0]!, id: 8 });
    queued.store.delivered.push('<outbox-8@shop.example>');
    expect(propertiesOf(queued)).toEqual(['double-email']);

    const charged = healthy();
    charged.store.payments = [
      { orderId: ORDER, status: 'paid' },
      { orderId: ORDER, status: 'paid' },
    ];
    expect(propertiesOf(charged)).toEqual(['double-charge']);
  });

  it('reports a device behind the server, one still waiting, and queues that drained too slowly', () => {
    const behind = healthy();
    behind.devices[0]!.cart = { serverSeq: 14, lines: [['AW11-46-ALU', 1]] };
    behind.devices[0]!.waiting = 1;
    expect(propertiesOf(behind)).toEqual(['not-converged']);
    expect(checkRun(behind)).toHaveLength(2);

    const slow = healthy();
    slow.drainMs = 2_500;
    expect(propertiesOf(slow)).toEqual(['not-drained']);
  });

  it("takes a document the server never wrote (seq 0, empty: a login's merge locks it into being) as the device's none", () => {
    const unwritten = healthy();
    unwritten.store.commands = unwritten.store.commands.filter((c) => c.type !== 'wishlist.add');
    unwritten.dispatched = unwritten.dispatched.filter((d) => d.type !== 'wishlist.add');
    unwritten.store.wishlists = [{ owner: OWNER, serverSeq: 0, value: [] }];
    unwritten.devices[0]!.wishlist = null;
    expect(propertiesOf(unwritten)).toEqual([]);

    // A document the server did write is still missed by a device that has none.
    const missed = healthy();
    missed.devices[0]!.wishlist = null;
    expect(propertiesOf(missed)).toEqual(['not-converged']);
  });
});
