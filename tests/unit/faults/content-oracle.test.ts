import { describe, expect, it } from 'vitest';
import type { ContentObservation } from '../../support/faults/content/content-observation.ts';
import { checkContent } from '../../support/faults/content/content-oracle.ts';
import type { ContentView } from '../../support/faults/content/content-protocol.ts';
import type { DeviceView } from '../../support/faults/device-protocol.ts';
import type { StoreCommand } from '../../support/faults/oracle.ts';

/**
 * The content rules of the fault oracle (tests/support/faults/content/content-oracle.ts) must be able to fail: a
 * store with an ad saved, edited and its photo arrived, a review, an inquiry, a contact message and an alert that fired passes;
 * each way of being wrong (an ad lost or twice, an edit applied out of order, a photo missing, an ad left waiting,
 * a review lost or twice, a subscription lost or twice, a receipt or an alert mail twice or missing, a device
 * behind) is reported as its property.
 */
const OWNER = 'user-1';
const EMAIL = 'petya@example.com';
const AD = '0b5c3c1e-2f4a-4a43-9a4b-6f1f7a6f0d11';
const PHOTO = '1c6d4d2f-3a5b-4b54-8b5c-7a2a8b7a1e22';
const SKU = 'MBA13-M4-16-256';

const command = (seq: number, type: string, payload: unknown, result: unknown = {}): StoreCommand => ({
  id: `cmd-${seq}`,
  clientId: 'client-a',
  seq,
  owner: OWNER,
  type,
  status: 'succeeded',
  serverSeq: 10 + seq,
  payload,
  result,
});
const ad = (title: string, cents: number) => ({
  ad: { id: AD, title, price: { kind: 'fixed', cents }, photos: [PHOTO] },
});

interface World {
  commands: StoreCommand[];
  mails: { kind: string; to: string }[];
  content: ContentObservation;
  devices: DeviceView[];
}

const healthy = (): World => {
  const commands = [
    command(1, 'ad.save', ad('Обява 1111', 50_000)),
    command(2, 'ad.save', ad('Обява 2222', 45_000)),
    command(3, 'review.create', { sku: 'APP3', rating: 5 }, { reviewId: 1_000_000_001, status: 'pending' }),
    command(4, 'inquiry.send', { sku: 'APP3', email: EMAIL }),
    command(5, 'contact.send', { email: EMAIL }),
    command(6, 'alerts.set', { sku: SKU, notify_for_stock: true, notify_for_price: false }),
  ];
  const content: ContentObservation = {
    accounts: [{ owner: OWNER, email: EMAIL }],
    myAds: [{ owner: OWNER, serverSeq: 20, ads: [[AD, 'pending', 'Обява 2222', 45_000, [PHOTO]]] }],
    adRows: [{ adId: AD, owner: OWNER, status: 'pending' }],
    photos: [{ id: PHOTO, owner: OWNER, status: 'ready', sizes: { thumb: 1, large: 1 } }],
    reviews: [{ id: 1_000_000_001, owner: OWNER, sku: 'APP3', commandId: 'cmd-3' }],
    alerts: [{ owner: OWNER, serverSeq: 16, notifications: [[SKU, true, false]] }],
    stockAlert: { sku: SKU, eventId: 9, swept: true },
  };
  const view: ContentView = {
    myAds: { serverSeq: 20, ads: [[AD, 'pending', 'Обява 2222', 45_000, [PHOTO]]] },
    alerts: { serverSeq: 16, notifications: [[SKU, true, false]] },
    photosNotUploaded: 0,
  };
  return {
    commands,
    mails: [
      { kind: 'message-receipt', to: EMAIL },
      { kind: 'message-receipt', to: EMAIL },
      { kind: 'stock-alert', to: EMAIL },
    ],
    content,
    devices: [{ name: 'device-a', owner: OWNER, cart: null, wishlist: null, orders: null, waiting: 0, content: view }],
  };
};

const check = (w: World) => checkContent({ commands: w.commands, mails: w.mails, content: w.content }, w.devices);
const propertiesOf = (w: World) => [...new Set(check(w).map((v) => v.property))];

describe('the fault oracle on ads, reviews, messages and alerts', () => {
  it('passes a store where each content effect happened once, in order, and every device shows it', () => {
    expect(check(healthy())).toEqual([]);
  });

  it('reports an ad saved and not listed as lost, and an ad listed twice or without a save as duplicated', () => {
    const lost = healthy();
    lost.content.myAds[0]!.ads = [];
    lost.devices[0]!.content!.myAds!.ads = [];
    expect(propertiesOf(lost)).toEqual(['lost']);

    const twice = healthy();
    const line = twice.content.myAds[0]!.ads[0]!;
    twice.content.myAds[0]!.ads.push(line);
    twice.devices[0]!.content!.myAds!.ads.push(line);
    expect(propertiesOf(twice)).toEqual(['duplicated']);

    const stray = healthy();
    stray.content.adRows.push({ adId: 'another', owner: OWNER, status: 'pending' });
    expect(propertiesOf(stray)).toEqual(['duplicated']);
  });

  it('reports an ad showing an earlier edit than the last one the server ran as reordered', () => {
    const stale = healthy();
    stale.content.myAds[0]!.ads = [[AD, 'pending', 'Обява 1111', 50_000, [PHOTO]]];
    stale.devices[0]!.content!.myAds!.ads = [[AD, 'pending', 'Обява 1111', 50_000, [PHOTO]]];
    expect(propertiesOf(stale)).toEqual(['reordered']);
  });

  it('reports a photo not stored, an ad left waiting for a photo that arrived, and a size stored twice', () => {
    const missing = healthy();
    missing.content.photos = [];
    expect(propertiesOf(missing)).toEqual(['lost']);

    const waiting = healthy();
    waiting.content.myAds[0]!.ads[0]![1] = 'wait';
    waiting.devices[0]!.content!.myAds!.ads[0]![1] = 'wait';
    expect(check(waiting).map((v) => v.detail)).toEqual([`ad ${AD}: every photo arrived and it still waits for one`]);

    const twice = healthy();
    twice.content.photos[0]!.sizes = { thumb: 2, large: 1 };
    expect(propertiesOf(twice)).toEqual(['duplicated']);
  });

  it('reports a review lost, stored twice, or stored with no command', () => {
    const lost = healthy();
    lost.content.reviews = [];
    expect(propertiesOf(lost)).toEqual(['lost']);

    const twice = healthy();
    twice.content.reviews.push({ ...twice.content.reviews[0]!, id: 1_000_000_002 });
    expect(propertiesOf(twice)).toEqual(['duplicated']);

    const stray = healthy();
    stray.content.reviews.push({ id: 1_000_000_009, owner: OWNER, sku: 'AW11-46-ALU', commandId: 'cmd-99' });
    expect(propertiesOf(stray)).toEqual(['duplicated']);
  });

  it('reports a subscription lost or listed twice', () => {
    const lost = healthy();
    lost.content.alerts[0]!.notifications = [];
    lost.devices[0]!.content!.alerts!.notifications = [];
    // No subscriber left, so the alert mail it got is one too many as well.
    expect(propertiesOf(lost)).toEqual(['lost', 'double-email']);

    const twice = healthy();
    twice.content.alerts[0]!.notifications.push([SKU, true, false]);
    twice.devices[0]!.content!.alerts!.notifications.push([SKU, true, false]);
    expect(propertiesOf(twice)).toEqual(['duplicated']);
  });

  it('reports a message receipt or a back-in-stock mail sent twice or not at all, and a change never swept', () => {
    const receiptTwice = healthy();
    receiptTwice.mails.push({ kind: 'message-receipt', to: EMAIL });
    expect(propertiesOf(receiptTwice)).toEqual(['double-email']);

    const receiptLost = healthy();
    receiptLost.mails = receiptLost.mails.filter((m, i) => i !== 0);
    expect(propertiesOf(receiptLost)).toEqual(['lost']);

    const alertTwice = healthy();
    alertTwice.mails.push({ kind: 'stock-alert', to: EMAIL });
    expect(propertiesOf(alertTwice)).toEqual(['double-email']);

    const alertLost = healthy();
    alertLost.mails = alertLost.mails.filter((m) => m.kind !== 'stock-alert');
    expect(propertiesOf(alertLost)).toEqual(['lost']);

    const signUpTwice = healthy();
    signUpTwice.mails.push({ kind: 'register-attempt', to: EMAIL });
    expect(propertiesOf(signUpTwice)).toEqual(['double-email']);

    const unswept = healthy();
    unswept.content.stockAlert = { sku: SKU, eventId: 9, swept: false };
    unswept.mails = unswept.mails.filter((m) => m.kind !== 'stock-alert');
    expect(propertiesOf(unswept)).toEqual(['not-drained']);
  });

  it('reports a device behind on its ads, its alerts, or with a photo never uploaded', () => {
    const behind = healthy();
    behind.devices[0]!.content!.myAds = { serverSeq: 12, ads: [[AD, 'wait', 'Обява 1111', 50_000, [PHOTO]]] };
    behind.devices[0]!.content!.alerts = null;
    behind.devices[0]!.content!.photosNotUploaded = 1;
    expect(check(behind).map((v) => v.property)).toEqual(['not-converged', 'not-converged', 'not-converged']);
  });
});
