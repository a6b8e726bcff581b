import type { ContentObservation } from './content/content-observation.ts';
import { checkContent, CONTENT_MAIL_KINDS } from './content/content-oracle.ts';
import type { DeviceView, Dispatched } from './device-protocol.ts';
import { checkPayments, type PaymentObservation } from './payments/payment-oracle.ts';
import { byServerSeq, type Property, type StoreCommand, type Violation } from './verdict.ts';

export { PROPERTIES, type Property, type StoreCommand, type Violation } from './verdict.ts';

/**
 * The fault harness's oracle: what must hold once the faults have healed, checked against what the store kept
 * (read by SQL) and what each device's RxDB holds. Pure: the harness gathers the observation, the oracle judges it
 * (and its own test feeds it stores with a duplicate, a loss, a reordering).
 */

export interface ReadModel<T> {
  owner: string;
  serverSeq: number;
  value: T;
}

export interface StoreObservation {
  commands: StoreCommand[];
  carts: ReadModel<[string, number][]>[];
  wishlists: ReadModel<string[]>[];
  ownerOrders: ReadModel<[string, string][]>[];
  orders: { orderId: string; owner: string; orderNumber: string }[];
  stockMoves: { orderId: string; sku: string; delta: number }[];
  /** The run's skus: units at the start and now. */
  stock: { sku: string; start: number; now: number }[];
  /** The outbox rows to the run's addresses. */
  mails: { id: number; kind: string; to: string; subject: string; sent: boolean }[];
  /** The Message-ID of every mail the SMTP server received for the run's addresses (a repeat appears twice). */
  delivered: string[];
  /** Payment attempts of the run's orders. */
  payments: { orderId: string; status: string }[];
  /** Ads, photos, reviews, alerts of the run's owners (content/content-oracle.ts judges them). */
  content?: ContentObservation;
}

export interface RunObservation {
  dispatched: Dispatched[];
  store: StoreObservation;
  devices: DeviceView[];
  /** From every device settled to the store's queues (commands, mail) empty. */
  drainMs: number;
  drainLimitMs: number;
  /** The run's online payments: the store's and the providers' simulators' (payments/payment-oracle.ts). */
  payments?: PaymentObservation;
}

const MAX_LINE_QTY = 999;
const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

interface PlaceLine {
  lineId: string;
  sku: string;
  qty: number;
}
const placeLines = (command: StoreCommand): PlaceLine[] => (command.payload as { lines: PlaceLine[] }).lines;
const orderIdOf = (command: StoreCommand): string => (command.payload as { orderId: string }).orderId;
/** An order.place that placed its order (not held for confirmation): it reserved stock and left the cart. */
const placed = (command: StoreCommand): boolean =>
  command.type === 'order.place' &&
  command.status === 'succeeded' &&
  (command.result as { status?: string } | null)?.status === 'received';

/**
 * The cart (sku -> units) that the succeeded commands give, each run once, in the order the server ran them: the
 * arithmetic of the intents the harness sends, written again here rather than taken from the server's rules, so a
 * command applied twice or skipped shows as a difference.
 */
export const replayCart = (commands: readonly StoreCommand[]): Map<string, number> => {
  const lines = new Map<string, number>();
  for (const command of [...commands].sort(byServerSeq)) {
    if (command.status !== 'succeeded') continue;
    const payload = command.payload as { sku?: string; lineId?: string; qty?: number };
    if (command.type === 'cart.addItem')
      lines.set(payload.sku!, Math.min(MAX_LINE_QTY, (lines.get(payload.sku!) ?? 0) + payload.qty!));
    else if (command.type === 'cart.updateQty') lines.set(payload.lineId!, payload.qty!);
    else if (command.type === 'cart.removeItem') {
      const left = payload.qty === undefined ? 0 : (lines.get(payload.lineId!) ?? 0) - payload.qty;
      if (left > 0) lines.set(payload.lineId!, left);
      else lines.delete(payload.lineId!);
    } else if (placed(command))
      for (const line of placeLines(command)) {
        const left = (lines.get(line.lineId) ?? 0) - line.qty;
        if (left > 0) lines.set(line.lineId, left);
        else lines.delete(line.lineId);
      }
  }
  return lines;
};

/** The wishlist (skus) the succeeded commands give, in the server's order. */
export const replayWishlist = (commands: readonly StoreCommand[]): Set<string> => {
  const skus = new Set<string>();
  for (const command of [...commands].sort(byServerSeq)) {
    if (command.status !== 'succeeded') continue;
    const { sku } = command.payload as { sku: string };
    if (command.type === 'wishlist.add') skus.add(sku);
    if (command.type === 'wishlist.remove') skus.delete(sku);
  }
  return skus;
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedLines = (lines: readonly [string, number][]) => [...lines].sort(([a], [b]) => a.localeCompare(b));

export const checkRun = ({
  dispatched,
  store,
  devices,
  drainMs,
  drainLimitMs,
  payments,
}: RunObservation): Violation[] => {
  const violations: Violation[] = [];
  const add = (property: Property, detail: string) => violations.push({ property, detail });
  const stored = groupBy(store.commands, (c) => c.id);

  // Every intent reached the log once and has its answer.
  for (const intent of dispatched) {
    const rows = stored.get(intent.id) ?? [];
    if (rows.length === 0) add('lost', `command ${intent.type} ${intent.clientId}#${intent.seq} is not in the log`);
    else if (rows.some((r) => r.status === 'pending'))
      add('lost', `command ${intent.type} ${intent.clientId}#${intent.seq} never ran`);
    if (rows.length > 1) add('duplicated', `command ${intent.id} is in the log ${rows.length} times`);
  }

  // Each client's commands ran in seq order.
  for (const [clientId, commands] of groupBy(store.commands, (c) => c.clientId)) {
    const ran = commands.filter((c) => c.status !== 'pending').sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < ran.length; i++)
      if (ran[i]!.serverSeq <= ran[i - 1]!.serverSeq)
        add('reordered', `${clientId}: seq ${ran[i]!.seq} ran before seq ${ran[i - 1]!.seq}`);
  }

  // Each effect once: the carts and wishlists are their commands replayed once each.
  const byOwner = groupBy(store.commands, (c) => c.owner);
  for (const [owner, commands] of byOwner) {
    const expected = replayCart(commands);
    const actual = new Map(store.carts.find((c) => c.owner === owner)?.value ?? []);
    for (const sku of new Set([...expected.keys(), ...actual.keys()])) {
      const want = expected.get(sku) ?? 0;
      const got = actual.get(sku) ?? 0;
      if (got > want) add('duplicated', `cart of ${owner}: ${sku} ×${got}, its commands give ×${want}`);
      if (got < want) add('lost', `cart of ${owner}: ${sku} ×${got}, its commands give ×${want}`);
    }
    const wished = replayWishlist(commands);
    const list = new Set(store.wishlists.find((w) => w.owner === owner)?.value ?? []);
    if (!sameJson([...wished].sort(), [...list].sort()))
      add('lost', `wishlist of ${owner}: [${[...list]}], its commands give [${[...wished]}]`);
  }

  // Orders: one per placed order, none besides; one reservation per line; stock = start - units ordered.
  const placedCommands = store.commands.filter(placed);
  const placedIds = new Set(placedCommands.map(orderIdOf));
  const orderRows = groupBy(store.orders, (o) => o.orderId);
  for (const command of placedCommands) {
    const rows = orderRows.get(orderIdOf(command)) ?? [];
    if (rows.length === 0) add('lost', `order ${orderIdOf(command)} was placed and is not stored`);
    if (rows.length > 1) add('duplicated', `order ${orderIdOf(command)} is stored ${rows.length} times`);
  }
  for (const order of store.orders)
    if (!placedIds.has(order.orderId)) add('duplicated', `order ${order.orderId} was stored with no placing command`);
  const moves = groupBy(store.stockMoves, (m) => `${m.orderId} ${m.sku}`);
  for (const [key, list] of moves) if (list.length > 1) add('duplicated', `stock of ${key} moved ${list.length} times`);
  const ordered = new Map<string, number>();
  for (const command of placedCommands)
    for (const line of placeLines(command)) ordered.set(line.sku, (ordered.get(line.sku) ?? 0) + line.qty);
  for (const { sku, start, now } of store.stock) {
    const want = start - (ordered.get(sku) ?? 0);
    if (now !== want) add('stock', `${sku}: ${now} in stock, ${start} - ${ordered.get(sku) ?? 0} ordered = ${want}`);
  }

  // No order charged twice.
  for (const [orderId, attempts] of groupBy(store.payments, (p) => p.orderId)) {
    const paid = attempts.filter((a) => a.status === 'paid').length;
    if (paid > 1) add('double-charge', `order ${orderId} paid ${paid} times`);
  }

  // Every mail once: one row per placed order's confirmation, each row delivered exactly once.
  // (Receipts and alerts may rightly repeat a subject to one address: content-oracle.ts counts them by their causes.)
  const oncePerSubject = store.mails.filter((m) => !CONTENT_MAIL_KINDS.has(m.kind));
  for (const [key, rows] of groupBy(oncePerSubject, (m) => `${m.kind} ${m.to} ${m.subject}`))
    if (rows.length > 1) add('double-email', `${rows.length} mails "${key}"`);
  for (const order of store.orders) {
    if (!placedIds.has(order.orderId)) continue;
    const confirmations = store.mails.filter((m) => m.subject.includes(order.orderNumber));
    if (confirmations.length === 0) add('lost', `no mail for order ${order.orderNumber}`);
  }
  const deliveries = groupBy(store.delivered, (id) => id);
  for (const mail of store.mails) {
    const times = [...deliveries.entries()].find(([id]) => id.startsWith(`<outbox-${mail.id}@`))?.[1].length ?? 0;
    if (times > 1) add('double-email', `mail ${mail.id} ("${mail.subject}") delivered ${times} times`);
    if (times === 0)
      add('lost', `mail ${mail.id} ("${mail.subject}") ${mail.sent ? 'marked sent, never arrived' : 'not sent'}`);
  }

  // Every device shows what the server holds.
  for (const device of devices) {
    const views = [
      ['cart', device.cart, store.carts, (v: unknown) => sortedLines(v as [string, number][])],
      ['wishlist', device.wishlist, store.wishlists, (v: unknown) => [...(v as string[])].sort()],
      ['orders', device.orders, store.ownerOrders, (v: unknown) => v],
    ] as const;
    for (const [what, held, models, normal] of views) {
      const server = (models as ReadModel<unknown>[]).find((m) => m.owner === device.owner);
      // A document the server never wrote (seq 0: locked into being, empty, as a login's merge does) is the empty
      // one a device that never pulled it shows.
      if (!server || (server.serverSeq === 0 && !held)) continue;
      const heldValue = held && ('lines' in held ? held.lines : 'skus' in held ? held.skus : held.orders);
      if (!held || held.serverSeq !== server.serverSeq || !sameJson(normal(heldValue), normal(server.value)))
        add(
          'not-converged',
          `${device.name} ${what}: seq ${held?.serverSeq ?? 'none'} ${JSON.stringify(heldValue ?? null)}, ` +
            `server seq ${server.serverSeq} ${JSON.stringify(server.value)}`,
        );
    }
    if (device.waiting > 0) add('not-converged', `${device.name}: ${device.waiting} commands still waiting`);
  }

  violations.push(...checkContent(store, devices));
  // No charge twice, none charged but unpaid, the devices show the payments' status.
  if (payments) violations.push(...checkPayments(payments, devices));

  if (drainMs > drainLimitMs) add('not-drained', `queues drained in ${drainMs} ms (limit ${drainLimitMs} ms)`);
  return violations;
};
