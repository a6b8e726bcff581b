import { inputOf } from '../../../../schema/ads/ad-rules.ts';
import type { AdInput } from '../../../../schema/ads/ad.ts';
import type { MyAdsDoc } from '../../../../schema/ads/my-ads.ts';
import type { AccountSettingsDoc } from '../../../../schema/alerts/account-settings.ts';
import type { CommandDocument } from '../../../../schema/commands/envelope.ts';
import { keepPhotos } from '../../../../client/ad-photos/index.ts';
import { allPhotos, deletePhotos } from '../../../../client/ad-photos/photo-store.ts';
import { announceProgress } from '../../../../client/ad-photos/progress.ts';
import type { Device } from '../../node-client.ts';
import { waitFor } from '../../wait.ts';
import type { ContentIntent, ContentView, ShopperAccount } from './content-protocol.ts';

/**
 * The device's side of the content intents, in the device worker (device-worker.ts): each dispatched through the
 * client's store as the app's forms dispatch it (client/ads/ad-actions.ts, client/ad-photos, client/messages,
 * client/alerts/set-notification.ts), and the device's content read models for the oracle.
 */

/** A 24×16 JPEG (made once with sharp): every ad's photo has these bytes under an id of its own. */
const PHOTO_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAT/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAtSAAP/Z',
  'base64',
);

/**
 * The uploader's requests get the harness's short patience. The client gives a chunk 45 s (a slow phone link), and
 * a connection the fault proxy black-holed stays dead: one upload would hold a run for 45 s. As the sync core's
 * timeouts are shortened for the harness (device-worker.ts TIMEOUTS), so are the photo requests, here in the worker's
 * own fetch (the uploader calls the global one).
 */
const PHOTO_REQUEST_TIMEOUT_MS = 3_000;
const realFetch = globalThis.fetch;
globalThis.fetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.includes('/api/ad-photos/')) return realFetch(input, init);
  const timeout = AbortSignal.timeout(PHOTO_REQUEST_TIMEOUT_MS);
  return realFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
};

/** The sign-up form on the first device (it logs in), the login form on the others. */
export const logIn = async (d: Device, account: ShopperAccount): Promise<void> => {
  const { email, password } = account;
  const answer = account.register
    ? await d.client.account.register({ customer: { email, firstname: 'Петя', lastname: 'Иванова' }, password })
    : await d.client.account.login(email, password);
  if (!answer.ok) throw new Error(`${account.register ? 'sign-up' : 'login'} of ${email}: ${answer.message}`);
  await waitFor(d.client.account.user$, (u) => u?.email === email, `${email} logged in`, 20_000);
};

/** The ad the form submits: a category of the catalogue (any active one), the rest as a shopper writes it. */
const adInput = (id: string, category: string, title: string, priceCents: number, photos: string[]): AdInput => ({
  id,
  title,
  description: 'Продавам, защото си взех нов. С кутия и зарядно.',
  category,
  condition: 'like-new',
  price: { kind: 'fixed', cents: priceCents },
  city: 'София',
  photos,
  contact: { name: 'Петя Иванова', phone: '+359 888 123 456' },
});

export const dispatchContent = async (d: Device, intent: ContentIntent): Promise<CommandDocument | null> => {
  const { client } = d;
  switch (intent.kind) {
    case 'ad.create': {
      // The ad form: the photo picked (kept on the device, queued for the uploader), then the ad saved with its id.
      const [kept] = await keepPhotos([new File([PHOTO_JPEG], 'IMG_0001.jpg', { type: 'image/jpeg' })]);
      if (!kept?.ok) throw new Error(`the device refused the photo: ${kept?.reason}`);
      const ad = adInput(crypto.randomUUID(), intent.category, intent.title, intent.priceCents, [kept.id]);
      return client.dispatch('ad.save', { ad });
    }
    case 'ad.edit': {
      // My ads, one of them opened and saved with a new title and price (its photos as they are).
      const shown = await waitFor(client.myAds$, () => true, 'my ads');
      const mine = [...shown].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      const ad = mine[intent.pick % Math.max(1, mine.length)];
      if (!ad) return null;
      const { status: _status, pending: _pending, ...own } = ad;
      const input = inputOf({ ...own, status: 'wait' });
      return client.dispatch('ad.save', {
        ad: { ...input, title: intent.title, price: { kind: 'fixed', cents: intent.priceCents } },
      });
    }
    case 'review.create':
      return client.dispatch('review.create', {
        sku: intent.sku,
        rating: intent.rating,
        title: 'Доволен съм',
        text: 'Работи отлично, доставката беше бърза.',
        nickname: 'Петя',
      });
    case 'inquiry.send':
      return client.dispatch('inquiry.send', {
        sku: intent.sku,
        name: 'Петя Иванова',
        email: intent.email,
        message: 'Кога ще имате отново този продукт?',
      });
    case 'contact.send':
      return client.dispatch('contact.send', {
        name: 'Петя Иванова',
        email: intent.email,
        message: 'Искам да попитам за гаранцията на поръчката си.',
        terms1: true,
        terms2: false,
        terms3: false,
      });
    case 'alerts.set':
      return client.dispatch('alerts.set', {
        sku: intent.sku,
        notify_for_stock: intent.stock,
        notify_for_price: intent.price,
        language: 'bg',
      });
  }
};

const pickedNotUploaded = async (): Promise<number> => (await allPhotos()).filter((p) => p.state !== 'uploaded').length;

/**
 * After the faults heal: the uploader woken (as the browser's `online` event wakes it), then waited on until every
 * picked photo has gone up or `ms` passed. True when none is left.
 */
export const settlePhotos = async (ms: number): Promise<boolean> => {
  const until = Date.now() + ms;
  announceProgress();
  while ((await pickedNotUploaded()) > 0) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
};

/** The run is over: its photos go with its device (the worker's IndexedDB is the next run's profile too). */
export const forgetPhotos = async (): Promise<void> => {
  await deletePhotos((await allPhotos()).map((p) => p.id));
};

export const contentViewOf = async (d: Device, owner: string): Promise<ContentView> => {
  const db = d.client.db;
  const ads = (await db.myAds.findOne(owner).exec())?.toJSON() as MyAdsDoc | undefined;
  const settings = (await db.accountSettings.findOne(owner).exec())?.toJSON() as AccountSettingsDoc | undefined;
  return {
    myAds: ads
      ? {
          serverSeq: ads.serverSeq,
          ads: ads.ads.map((a) => [a.id, a.status, a.title, a.price.kind === 'fixed' ? a.price.cents : 0, a.photos]),
        }
      : null,
    alerts: settings
      ? {
          serverSeq: settings.serverSeq,
          notifications: settings.notifications.map((n) => [n.sku, n.notify_for_stock, n.notify_for_price]),
        }
      : null,
    photosNotUploaded: await pickedNotUploaded(),
  };
};
