import { describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { CommandDocument } from '../../schema/index.ts';
import { LEGACY_WISHLIST_STORAGE_KEY, type WishlistDoc } from '../../schema/wishlist/index.ts';
import { carryOverStoredWishlist } from '../../client/wishlist/carry-over.ts';
import type { Device } from '../support/node-client.ts';
import { postJson } from '../support/post-json.ts';
import { createGuest } from '../support/protocol-client.ts';
import { serverWithDevices } from '../support/server-with-devices.ts';
import { storeKind } from '../support/test-server.ts';
import { registerLoggedInUser, TEST_PASSWORD } from '../support/users.ts';
import { waitFor } from '../support/wait.ts';
import { saving, snapshot } from '../support/wishlist.ts';

/**
 * Issue 14: the wishlist as a synced read model on the feature kernel, with the real client sync core on each
 * device (RxDB on fake-indexeddb): one wishlist on every device of a user, offline edits converging, the guest's
 * joining the user's at login once, and nobody else's token reaching it.
 */
describe(`one wishlist on every device (${storeKind})`, () => {
  const test = serverWithDevices();

  const skus = (wishlist: WishlistDoc): string[] => wishlist.items.map((item) => item.sku);
  /** Waits until the device shows exactly these skus (in any order), and returns them in the order shown. */
  const shows = async (d: Device, expected: string[]) =>
    skus(
      await waitFor(
        d.client.wishlist$,
        (w) => skus(w).length === expected.length && expected.every((sku) => skus(w).includes(sku)),
        `${d.name} shows ${expected.join(', ')}`,
      ),
    );
  const settledOnServer = (d: Device) =>
    waitFor(d.client.syncState$, (s) => s.waiting === 0, `${d.name} has nothing waiting`).then(() =>
      d.client.settled(),
    );

  const loggedIn = async (d: Device, email: string) => {
    expect(await d.client.account.login(email, TEST_PASSWORD)).toMatchObject({ ok: true });
    return (await waitFor(d.client.account.user$, (u) => u?.email === email, `${email} on ${d.name}`))!;
  };

  it('two devices of one user converge through offline edits on both, with no duplicates', async () => {
    const { email } = await registerLoggedInUser(test.server.url, 'wishlist');
    const [a, b] = [await test.openDevice(), await test.openDevice()];
    const user = await loggedIn(a, email);
    await loggedIn(b, email);
    await waitFor(b.client.wishlist$, (w) => w.owner === user.id, 'B shows the user wishlist');

    a.network.setOnline(false);
    b.network.setOnline(false);
    await a.client.dispatch('wishlist.add', saving('APP3'));
    await a.client.dispatch('wishlist.add', saving('IP17-256-BLK'));
    await b.client.dispatch('wishlist.add', saving('MBA13-M4-16-256'));
    await b.client.dispatch('wishlist.add', saving('APP3'));
    // Shown at once, offline.
    expect(await shows(a, ['APP3', 'IP17-256-BLK'])).toEqual(['APP3', 'IP17-256-BLK']);
    expect(await shows(b, ['MBA13-M4-16-256', 'APP3'])).toEqual(['MBA13-M4-16-256', 'APP3']);
    a.network.setOnline(true);
    b.network.setOnline(true);

    const all = ['APP3', 'IP17-256-BLK', 'MBA13-M4-16-256'];
    const onA = await shows(a, all);
    expect(await shows(b, all)).toEqual(onA);

    // Offline again, each removes a different product: both end with the one left.
    await settledOnServer(a);
    await settledOnServer(b);
    a.network.setOnline(false);
    b.network.setOnline(false);
    await a.client.dispatch('wishlist.remove', { sku: 'IP17-256-BLK' });
    await b.client.dispatch('wishlist.remove', { sku: 'MBA13-M4-16-256' });
    a.network.setOnline(true);
    b.network.setOnline(true);
    expect(await shows(a, ['APP3'])).toEqual(['APP3']);
    expect(await shows(b, ['APP3'])).toEqual(['APP3']);
  });

  it("the guest's wishlist joins the user's at login once: a union, and a second login brings nothing back", async () => {
    const { email } = await registerLoggedInUser(test.server.url, 'wishlist-merge');
    const laptop = await test.openDevice();
    await loggedIn(laptop, email);
    await laptop.client.dispatch('wishlist.add', saving('IP17-256-BLK'));
    await laptop.client.dispatch('wishlist.add', saving('APP3'));
    await settledOnServer(laptop);

    const phone = await test.openDevice();
    await phone.client.dispatch('wishlist.add', saving('APP3'));
    await phone.client.dispatch('wishlist.add', saving('MBA13-M4-16-256'));
    await settledOnServer(phone);
    const guestToken = (await phone.client.db.getLocal<{ token: string }>('identity'))!.toJSON().data.token;

    await loggedIn(phone, email);
    const union = ['IP17-256-BLK', 'APP3', 'MBA13-M4-16-256'];
    expect(await shows(phone, union)).toEqual(union);
    expect(await shows(laptop, union)).toEqual(union);

    // The user removes a product that came from the guest; then the same guest logs in again, from two tabs at
    // once and after a reload: the merge happened once, so the product does not come back.
    await laptop.client.dispatch('wishlist.remove', { sku: 'MBA13-M4-16-256' });
    await settledOnServer(laptop);
    const again = () =>
      postJson(test.server.url, '/api/user/login', { username: email, password: TEST_PASSWORD }, guestToken);
    const answers = await Promise.all([again(), again()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.meta.cartMerged)).toEqual([false, false]);
    await loggedIn(phone, email);
    await new Promise((r) => setTimeout(r, 300));
    expect(await shows(phone, ['IP17-256-BLK', 'APP3'])).toEqual(['IP17-256-BLK', 'APP3']);
    expect(await shows(laptop, ['IP17-256-BLK', 'APP3'])).toEqual(['IP17-256-BLK', 'APP3']);
  });

  it('saves made offline as a guest, still unsent at login, land in the user wishlist once', async () => {
    const { email } = await registerLoggedInUser(test.server.url, 'wishlist-offline');
    const phone = await test.openDevice();
    phone.network.setOnline(false);
    await phone.client.dispatch('wishlist.add', saving('APP3'));
    await phone.client.dispatch('wishlist.add', saving('APP3'));
    phone.network.setOnline(true);
    await loggedIn(phone, email);
    await settledOnServer(phone);
    expect(await shows(phone, ['APP3'])).toEqual(['APP3']);

    const laptop = await test.openDevice();
    await loggedIn(laptop, email);
    expect(await shows(laptop, ['APP3'])).toEqual(['APP3']);
  });

  it('logging out forgets the wishlist on the device; the next guest starts with an empty one', async () => {
    const { email } = await registerLoggedInUser(test.server.url, 'wishlist-logout');
    const phone = await test.openDevice();
    const user = await loggedIn(phone, email);
    await phone.client.dispatch('wishlist.add', saving('APP3'));
    await settledOnServer(phone);

    await phone.client.account.logout();
    const next = await waitFor(phone.client.wishlist$, (w) => w.owner !== '' && w.owner !== user.id, 'the new guest');
    expect(next.items).toEqual([]);
    expect(await phone.client.db.wishlists.findOne(user.id).exec()).toBeNull();
  });

  it('a device upgrading from the browser-storage wishlist keeps its items, carried over once', async () => {
    const phone = await test.openDevice();
    const stored = new Map([
      [
        LEGACY_WISHLIST_STORAGE_KEY,
        JSON.stringify([
          { product: snapshot('APP3', 'AirPods Pro 3'), qty: 1 },
          { product: { sku: 'broken' }, qty: 1 },
          { product: snapshot('MBA13-M4-16-256', 'MacBook Air 13'), qty: 1 },
        ]),
      ],
    ]);
    const storage = { getItem: (k: string) => stored.get(k) ?? null, removeItem: (k: string) => void stored.delete(k) };
    const identityReady$ = new BehaviorSubject(true);
    carryOverStoredWishlist({ dispatch: phone.client.dispatch, identityReady$ }, storage);

    expect(await shows(phone, ['APP3', 'MBA13-M4-16-256'])).toEqual(['APP3', 'MBA13-M4-16-256']);
    await settledOnServer(phone);
    expect(stored.has(LEGACY_WISHLIST_STORAGE_KEY)).toBe(false);
    const [shown] = (await phone.client.db.wishlists.find().exec()).map((d) => d.toMutableJSON() as WishlistDoc);
    expect(shown?.items.map((i) => i.product.name)).toEqual(['AirPods Pro 3', 'MacBook Air 13']);
    // Carried over once: nothing is left to carry on the next start.
    expect(carryOverStoredWishlist({ dispatch: phone.client.dispatch, identityReady$ }, storage)).toBeUndefined();
  });
});

describe(`another owner's token gets nothing of a wishlist (${storeKind})`, () => {
  const test = serverWithDevices();

  it('cannot read it, write it, or reach it through its merged guest', async () => {
    const owner = await registerLoggedInUser(test.server.url, 'wishlist-owner');
    const stranger = await registerLoggedInUser(test.server.url, 'wishlist-stranger');
    const phone = await createGuest(test.server.url);
    const save = phone.command('wishlist.add', saving('APP3'));
    await phone.push([save]);
    await phone.settled([save.id]);
    const login = await postJson(
      test.server.url,
      '/api/user/login',
      { username: owner.email, password: TEST_PASSWORD },
      phone.token,
    );
    expect(login.status).toBe(200);
    const ownerToken = login.body.result as string;

    const pull = async (token: string) => {
      const res = await fetch(`${test.server.url}/sync/wishlists/pull?after=0&limit=1000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { documents: WishlistDoc[] }).documents;
    };
    expect((await pull(ownerToken)).map((w) => [w.owner, w.items.map((i) => i.sku)])).toEqual([
      [owner.owner, ['APP3']],
    ]);
    expect(await pull(stranger.token)).toEqual([]);

    // Writing as the owner, or as the guest merged into the owner, is refused and changes nothing.
    const push = (doc: CommandDocument) =>
      postJson(test.server.url, '/sync/commands/push', { rows: [{ newDocumentState: doc }] }, stranger.token);
    const asOwner = { ...phone.command('wishlist.remove', { sku: 'APP3' }), owner: owner.owner };
    expect((await push(asOwner)).status).toBe(403);
    expect((await push(phone.command('wishlist.remove', { sku: 'APP3' }))).status).toBe(403);
    expect((await pull(ownerToken)).at(-1)?.items.map((i) => i.sku)).toEqual(['APP3']);
    expect(await pull(stranger.token)).toEqual([]);
  });
});
