import type { DeviceView } from '../device-protocol.ts';
import type { ContentObservation } from './content-observation.ts';
import type { AdLine, AlertLine } from './content-protocol.ts';
import { byServerSeq, type StoreCommand, type Violation } from '../verdict.ts';

/**
 * The oracle's rules for the content intents (ad with a photo, review, inquiry, alerts), pure like oracle.ts:
 * each effect once (one ad per ad id saved, its photo stored once and ready, one review per review command, one
 * receipt per inquiry, one subscription per sku, one alert mail per subscriber and back-in-stock change), the
 * edits of an ad applied in the server's order (the last one ran is what the ad says), and every device showing
 * the server's `myAds` and `accountSettings`.
 */

/** Mail kinds whose count these rules judge (several rows to one address with one subject may all be due). */
export const CONTENT_MAIL_KINDS: ReadonlySet<string> = new Set(['message-receipt', 'stock-alert', 'price-alert']);

/** The outbox's rows, as oracle.ts reads them (the fields these rules use). */
interface StoreMail {
  kind: string;
  to: string;
}
/** The violations these rules may find. */
export type ContentViolation = Violation<
  'lost' | 'duplicated' | 'reordered' | 'double-email' | 'not-converged' | 'not-drained'
>;

type Add = (property: ContentViolation['property'], detail: string) => void;

const succeeded = (commands: readonly StoreCommand[], type: string) =>
  commands.filter((c) => c.type === type && c.status === 'succeeded').sort(byServerSeq);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface SavedAd {
  id: string;
  title: string;
  price: { kind: string; cents?: number };
  photos: string[];
}

/** Each owner's ads as their succeeded `ad.save` commands give them, each run once, in the server's order. */
export const replayAds = (commands: readonly StoreCommand[]): Map<string, Map<string, SavedAd>> => {
  const owners = new Map<string, Map<string, SavedAd>>();
  for (const command of succeeded(commands, 'ad.save')) {
    const { ad } = command.payload as { ad: SavedAd };
    const ads = owners.get(command.owner) ?? new Map<string, SavedAd>();
    ads.set(ad.id, ad);
    owners.set(command.owner, ads);
  }
  return owners;
};

/** Each owner's notification settings as their succeeded `alerts.set` commands give them (both off: none). */
export const replayAlerts = (commands: readonly StoreCommand[]): Map<string, Map<string, AlertLine>> => {
  const owners = new Map<string, Map<string, AlertLine>>();
  for (const command of succeeded(commands, 'alerts.set')) {
    const p = command.payload as { sku: string; notify_for_stock: boolean; notify_for_price: boolean };
    const settings = owners.get(command.owner) ?? new Map<string, AlertLine>();
    if (p.notify_for_stock || p.notify_for_price) settings.set(p.sku, [p.sku, p.notify_for_stock, p.notify_for_price]);
    else settings.delete(p.sku);
    owners.set(command.owner, settings);
  }
  return owners;
};

const checkAds = (commands: readonly StoreCommand[], content: ContentObservation, add: Add) => {
  const expected = replayAds(commands);
  const owners = new Set([...expected.keys(), ...content.myAds.map((m) => m.owner)]);
  for (const owner of owners) {
    const want = expected.get(owner) ?? new Map<string, SavedAd>();
    const held = content.myAds.find((m) => m.owner === owner)?.ads ?? [];
    const counts = new Map<string, number>();
    for (const [id] of held) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1) add('duplicated', `ads of ${owner}: ad ${id} listed ${n} times`);
    for (const [id, ad] of want) {
      const line = held.find(([heldId]) => heldId === id);
      if (!line) {
        add('lost', `ads of ${owner}: ad ${id} was saved and is not listed`);
        continue;
      }
      const [, status, title, cents, photos] = line;
      // The last save the server ran is what the ad says: an earlier edit showing is an edit applied out of order.
      if (title !== ad.title || cents !== (ad.price.cents ?? 0) || !sameJson(photos, ad.photos))
        add('reordered', `ad ${id}: "${title}" ${cents}, its last save ran says "${ad.title}" ${ad.price.cents ?? 0}`);
      const ready = photos.every((p) => content.photos.some((row) => row.id === p && row.status === 'ready'));
      if (!ready) add('lost', `ad ${id}: a photo of it is not stored (${photos.join(', ')})`);
      if (ready && status === 'wait') add('lost', `ad ${id}: every photo arrived and it still waits for one`);
    }
    for (const [id] of held)
      if (!want.has(id)) add('duplicated', `ads of ${owner}: ad ${id} is listed with no save of it`);
  }
  for (const row of content.adRows) {
    const ad = expected.get(row.owner)?.get(row.adId);
    if (!ad) add('duplicated', `ads row ${row.adId} of ${row.owner} with no save of it`);
  }
  const rows = new Map<string, number>();
  for (const row of content.adRows) rows.set(row.adId, (rows.get(row.adId) ?? 0) + 1);
  for (const [id, n] of rows) if (n > 1) add('duplicated', `ad ${id} stored ${n} times`);
  for (const [owner, ads] of expected)
    for (const id of ads.keys()) if (!rows.has(id)) add('lost', `ad ${id} of ${owner} has no row in the ads table`);

  // Each photo once: one upload row, each of its sizes stored once.
  const photoRows = new Map<string, number>();
  for (const photo of content.photos) photoRows.set(photo.id, (photoRows.get(photo.id) ?? 0) + 1);
  for (const [id, n] of photoRows) if (n > 1) add('duplicated', `photo ${id} stored ${n} times`);
  for (const photo of content.photos)
    for (const [size, n] of Object.entries(photo.sizes))
      if (n > 1) add('duplicated', `photo ${photo.id}: size ${size} stored ${n} times`);
};

const checkReviews = (commands: readonly StoreCommand[], content: ContentObservation, add: Add) => {
  const made = succeeded(commands, 'review.create');
  const ids = new Set(made.map((c) => c.id));
  for (const command of made) {
    const rows = content.reviews.filter((r) => r.commandId === command.id);
    const { sku } = command.payload as { sku: string };
    if (rows.length === 0) add('lost', `review of ${sku} by ${command.owner} (${command.id}) is not stored`);
    if (rows.length > 1) add('duplicated', `review ${command.id} stored ${rows.length} times`);
    const { reviewId } = (command.result ?? {}) as { reviewId?: number };
    if (rows.length === 1 && rows[0]!.id !== reviewId)
      add('duplicated', `review ${command.id} answered id ${reviewId}, stored as ${rows[0]!.id}`);
  }
  for (const row of content.reviews)
    if (!row.commandId || !ids.has(row.commandId))
      add('duplicated', `review ${row.id} of ${row.sku} by ${row.owner} stored with no review command`);
};

const checkAlerts = (commands: readonly StoreCommand[], content: ContentObservation, add: Add) => {
  const expected = replayAlerts(commands);
  for (const settings of content.alerts) {
    const want = [...(expected.get(settings.owner)?.values() ?? [])].sort(([a], [b]) => a.localeCompare(b));
    const got = [...settings.notifications].sort(([a], [b]) => a.localeCompare(b));
    const skus = got.map(([sku]) => sku);
    if (new Set(skus).size < skus.length) add('duplicated', `alerts of ${settings.owner}: a sku twice [${skus}]`);
    else if (!sameJson(want, got))
      add('lost', `alerts of ${settings.owner}: ${JSON.stringify(got)}, its commands give ${JSON.stringify(want)}`);
  }
  for (const [owner, settings] of expected)
    if (settings.size > 0 && !content.alerts.some((a) => a.owner === owner))
      add('lost', `alerts of ${owner}: no settings stored, its commands give ${settings.size}`);
};

/** Mails of CONTENT_MAIL_KINDS: as many as their causes, each to its address. */
const checkContentMails = (
  store: { commands: readonly StoreCommand[]; mails: readonly StoreMail[] },
  content: ContentObservation,
  add: Add,
) => {
  const count = (kind: string, to: string) => store.mails.filter((m) => m.kind === kind && m.to === to).length;
  // One receipt per inquiry or contact message sent, to the address the shopper wrote.
  const inquiries = new Map<string, number>();
  const messages = [...succeeded(store.commands, 'inquiry.send'), ...succeeded(store.commands, 'contact.send')];
  for (const command of messages) {
    const { email } = command.payload as { email: string };
    inquiries.set(email, (inquiries.get(email) ?? 0) + 1);
  }
  for (const to of new Set([
    ...inquiries.keys(),
    ...store.mails.filter((m) => m.kind === 'message-receipt').map((m) => m.to),
  ])) {
    const want = inquiries.get(to) ?? 0;
    const got = count('message-receipt', to);
    if (got > want) add('double-email', `${got} receipts to ${to} for ${want} messages`);
    if (got < want) add('lost', `${got} receipts to ${to} for ${want} messages`);
  }
  // One back-in-stock mail per subscriber of the run's change (its commands had all run before the change).
  const alert = content.stockAlert;
  for (const { owner, email } of content.accounts) {
    const subscribed =
      content.alerts
        .find((a) => a.owner === owner)
        ?.notifications.some(([sku, stock]) => sku === alert?.sku && stock) ?? false;
    const want = alert?.swept && subscribed ? 1 : 0;
    const got = count('stock-alert', email);
    if (got > want) add('double-email', `${got} back-in-stock mails to ${email} (${want} due)`);
    if (got < want) add('lost', `no back-in-stock mail of ${alert?.sku} to subscriber ${email}`);
    if (count('price-alert', email) > 0) add('double-email', `a price alert to ${email}: the run changed no price`);
    // The shopper signed up once: a "someone tried to register" mail means the sign-up reached the server twice.
    if (count('register-attempt', email) > 0)
      add('double-email', `a sign-up attempt mail to ${email}, who signed up once`);
  }
  if (alert && !alert.swept) add('not-drained', `the back-in-stock change of ${alert.sku} was never swept`);
};

const sortedAds = (ads: readonly AdLine[]) => [...ads].sort(([a], [b]) => a.localeCompare(b));
const sortedAlerts = (lines: readonly AlertLine[]) => [...lines].sort(([a], [b]) => a.localeCompare(b));

const checkDevices = (content: ContentObservation, devices: readonly DeviceView[], add: Add) => {
  for (const device of devices) {
    const view = device.content;
    if (!view) continue;
    // A document the server made at seq 0 is no change a device is sent: holding none matches it (oracle.ts).
    const unsent = (model: { serverSeq: number } | undefined, held: unknown) => !held && model?.serverSeq === 0;
    const ads = content.myAds.find((m) => m.owner === device.owner);
    if (
      ads &&
      !unsent(ads, view.myAds) &&
      (view.myAds?.serverSeq !== ads.serverSeq || !sameJson(sortedAds(view.myAds.ads), sortedAds(ads.ads)))
    )
      add(
        'not-converged',
        `${device.name} myAds: seq ${view.myAds?.serverSeq ?? 'none'} ${JSON.stringify(view.myAds?.ads ?? null)}, ` +
          `server seq ${ads.serverSeq} ${JSON.stringify(ads.ads)}`,
      );
    const alerts = content.alerts.find((a) => a.owner === device.owner);
    if (
      alerts &&
      !unsent(alerts, view.alerts) &&
      (view.alerts?.serverSeq !== alerts.serverSeq ||
        !sameJson(sortedAlerts(view.alerts.notifications), sortedAlerts(alerts.notifications)))
    )
      add(
        'not-converged',
        `${device.name} accountSettings: seq ${view.alerts?.serverSeq ?? 'none'}, server seq ${alerts.serverSeq}`,
      );
    if (view.photosNotUploaded > 0)
      add('not-converged', `${device.name}: ${view.photosNotUploaded} photos never uploaded`);
  }
};

export const checkContent = (
  store: { commands: readonly StoreCommand[]; mails: readonly StoreMail[]; content?: ContentObservation | undefined },
  devices: readonly DeviceView[],
): ContentViolation[] => {
  const violations: ContentViolation[] = [];
  const add: Add = (property, detail) => violations.push({ property, detail });
  const content = store.content;
  if (!content) return violations;
  checkAds(store.commands, content, add);
  checkReviews(store.commands, content, add);
  checkAlerts(store.commands, content, add);
  checkContentMails(store, content, add);
  checkDevices(content, devices, add);
  return violations;
};
