// The ad photos' store is the profile's IndexedDB (client/ad-photos/photo-store.ts reads the global one).
import 'fake-indexeddb/auto';
import { parentPort } from 'node:worker_threads';
import type { Cart } from '../../../schema/cart/cart.ts';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import type { OrdersDoc } from '../../../schema/orders/order.ts';
import type { WishlistDoc } from '../../../schema/wishlist/wishlist.ts';
import { currentOwner, currentToken, type Identity as ProfileIdentity } from '../../../client/sync/identity.ts';
import { openDevice, type Device } from '../node-client.ts';
import { placePayload, validDetails } from '../orders.ts';
import { waitFor } from '../wait.ts';
import { saving } from '../wishlist.ts';
import { isContentIntent } from './content/content-protocol.ts';
import { contentViewOf, dispatchContent, forgetPhotos, logIn, settlePhotos } from './content/device-content.ts';
import type { DeviceRequest, DeviceView, Dispatched, Identity, Intent } from './device-protocol.ts';
import { paymentDetailsOf } from './payments/checkout-payment.ts';
import { journeysEnded, payNewestOrder } from './payments/pay-journey.ts';

/**
 * One simulated device of the fault harness, in a worker thread: a realm of its own, so its RxDB is its own
 * (RxDB's free version opens at most 13 collections a realm and a device opens 10), and its fake-indexeddb is
 * the device's profile, kept across a tab closed and opened again. It hosts one device at a time; each run
 * opens a fresh one (a new database name).
 */
const port = parentPort!;
/** Short timeouts: the faults are short too, and a device must notice a dead link within a run. */
const TIMEOUTS = { requestTimeoutMs: 1_500, streamIdleMs: 2_000 };

let device: Device | undefined;
let opened: { baseUrl: string; name: string } | undefined;

const open = async (baseUrl: string, name: string): Promise<Device> => {
  device = await openDevice(baseUrl, name, TIMEOUTS);
  opened = { baseUrl, name };
  return device;
};

/** The owner the device acts for: its user's once logged in (content/), else its guest's. */
const ownerOf = async (d: Device): Promise<Identity> => {
  const identity = (await d.client.db.getLocal<ProfileIdentity>('identity'))!.toJSON().data;
  return { token: currentToken(identity)!, owner: currentOwner(identity)! };
};

const recordOf = (doc: {
  id: string;
  clientId: string;
  seq: number;
  owner: string;
  type: string;
  payload: unknown;
}): Dispatched => ({
  id: doc.id,
  clientId: doc.clientId,
  seq: doc.seq,
  owner: doc.owner,
  type: doc.type,
  payload: doc.payload,
});

const optimisticCart = (d: Device): Promise<Cart> => waitFor(d.client.cart$, () => true, 'cart view');

const dispatchIntent = async (d: Device, intent: Intent): Promise<Dispatched | null> => {
  const { client } = d;
  if (isContentIntent(intent)) {
    const command = await dispatchContent(d, intent);
    return command && recordOf(command);
  }
  switch (intent.kind) {
    case 'cart.add':
      return recordOf(await client.dispatch('cart.addItem', { sku: intent.sku, qty: intent.qty }));
    case 'cart.remove':
      return recordOf(
        await client.dispatch('cart.removeItem', {
          lineId: intent.sku,
          ...(intent.qty ? { qty: intent.qty } : {}),
        }),
      );
    case 'cart.setQty':
      return recordOf(await client.dispatch('cart.updateQty', { lineId: intent.sku, qty: intent.qty }));
    case 'wishlist.add':
      return recordOf(await client.dispatch('wishlist.add', saving(intent.sku)));
    case 'wishlist.remove':
      return recordOf(await client.dispatch('wishlist.remove', { sku: intent.sku }));
    case 'order.place': {
      // What the shopper reviewed at checkout: the cart as the device shows it.
      const cart = await optimisticCart(d);
      if (cart.items.length === 0) return null;
      const lines = cart.items.map((item) => ({
        sku: item.sku,
        qty: item.qty,
        unitPriceInclTaxEur: unitPriceEurOf(item.unitPriceInclTax),
      }));
      const details = {
        ...validDetails,
        personal: { ...validDetails.personal, emailAddress: intent.email },
        payment: paymentDetailsOf(intent.payment, lines),
      };
      const payload = placePayload(lines, { details });
      return recordOf(
        await client.dispatch('order.place', {
          ...payload,
          lines: payload.lines.map((line, i) => ({ ...line, lineId: cart.items[i]!.lineId })),
        }),
      );
    }
    case 'order.pay': {
      const command = await payNewestOrder(d, intent.plan);
      return command ? recordOf(command) : null;
    }
  }
};

const viewOf = async (d: Device, name: string): Promise<DeviceView> => {
  const { owner } = await ownerOf(d);
  const db = d.client.db;
  const cart = (await db.carts.findOne(owner).exec())?.toJSON() as Cart | undefined;
  const wishlist = (await db.wishlists.findOne(owner).exec())?.toJSON() as WishlistDoc | undefined;
  const orders = (await db.orders.findOne(owner).exec())?.toJSON() as OrdersDoc | undefined;
  const state = await waitFor(d.client.syncState$, () => true, 'sync state');
  return {
    name,
    owner,
    cart: cart ? { serverSeq: cart.serverSeq, lines: cart.items.map((l) => [l.sku, l.qty]) } : null,
    wishlist: wishlist ? { serverSeq: wishlist.serverSeq, skus: wishlist.items.map((i) => i.sku) } : null,
    orders: orders ? { serverSeq: orders.serverSeq, orders: orders.orders.map((o) => [o.orderId, o.status]) } : null,
    payments: (orders?.orders ?? []).flatMap((o) => (o.payment ? [[o.orderId, o.payment.status]] : [])),
    waiting: state.waiting,
    content: await contentViewOf(d, owner),
  };
};

const handle = async (request: DeviceRequest): Promise<unknown> => {
  switch (request.op) {
    case 'open': {
      const d = await open(request.baseUrl, request.name);
      await waitFor(d.client.products$, (p) => p.length >= 6, `${request.name} catalogue`, 20_000);
      if (request.identity) {
        // A second device of the same shopper (as a login would make it): the first's identity.
        await d.client.db.upsertLocal('identity', request.identity);
        await waitFor(d.client.cart$, (c) => c.owner === request.identity!.owner, `${request.name} on the cart`);
      }
      if (request.account) await logIn(d, request.account);
      return ownerOf(d);
    }
    case 'intent': {
      const d = device!;
      const record = await dispatchIntent(d, request.intent);
      if (request.closeAfterMs !== undefined && record) {
        // The tab closed while its push may be in flight, then opened again from what its database kept.
        await new Promise((resolve) => setTimeout(resolve, request.closeAfterMs));
        await d.client.stop();
        await open(opened!.baseUrl, opened!.name);
      }
      return record;
    }
    case 'login': {
      const d = device!;
      const answer = request.register
        ? await d.client.account.register({
            customer: { email: request.email, firstname: 'Петя', lastname: 'Иванова' },
            password: request.password,
          })
        : await d.client.account.login(request.email, request.password);
      if (!answer.ok) throw new Error(`${request.email} could not log in: ${answer.status} ${answer.message}`);
      const user = await ownerOf(d);
      await waitFor(d.client.cart$, (c) => c.owner === user.owner, `${opened!.name} on the user's cart`);
      return user;
    }
    case 'settle': {
      await journeysEnded();
      let timer: NodeJS.Timeout | undefined;
      const settled = await Promise.race([
        device!.client.settled().then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), request.ms))),
      ]);
      clearTimeout(timer);
      // Its photos too: the uploader is woken and waited on (content/device-content.ts).
      return settled && (await settlePhotos(request.ms));
    }
    case 'view':
      return viewOf(device!, opened!.name);
    case 'close': {
      const d = device;
      device = undefined;
      if (d) {
        await d.client.stop();
        // The run's profile is not needed again: its memory goes with it.
        await d.client.db.remove().catch(() => undefined);
      }
      await forgetPhotos();
      return null;
    }
  }
};

port.on('message', (message: { id: number } & DeviceRequest) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error: String((error as Error).stack ?? error) }),
  );
});
port.postMessage({ ready: true });
