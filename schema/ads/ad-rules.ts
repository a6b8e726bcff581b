import { unionOfApplied, withAppliedSeq } from '../commands/applied-seqs.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { foldPending } from '../commands/fold-pending.ts';
import type { parseCommand, TypedCommand } from '../commands/registry.ts';
import { AD_MAX_PER_OWNER, AD_PERIOD_MS, type AdInput, type AdStatus, type OwnAd } from './ad.ts';
import type { AdRefusalCode } from './ad-commands.ts';
import type { MyAdsDoc } from './my-ads.ts';

/**
 * The ads' rules as pure functions, run by the server's executor and by the client's optimistic view:
 * decide(command, state, world) -> events or a refusal; evolve(state, event) -> state.
 */

export type AdCommand = TypedCommand<'ad.save' | 'ad.renew' | 'ad.delete'>;

export type AdEvent = { type: 'ad.saved'; ad: OwnAd } | { type: 'ad.removed'; adId: string };

/** Refusals, shown to the shopper (the client translates `refusal.<code>`). */
export const AD_REFUSALS: Readonly<Record<AdRefusalCode, string>> = {
  ad_not_found: 'There is no such ad among yours.',
  ad_limit_reached: `You can keep at most ${AD_MAX_PER_OWNER} ads: delete one to post another.`,
  ad_unknown_category: 'The category is not one of the catalogue.',
  ad_unknown_model: "The model is not one of the category's.",
  ad_not_renewable: 'Only a published or finished ad can be renewed.',
};

export type AdDecision =
  | { kind: 'accepted'; events: AdEvent[]; result: Record<string, unknown> }
  | { kind: 'rejected'; code: AdRefusalCode; message: string; field?: string };

/**
 * What the rules need beyond the owner's document, read by the server in `open`. Each part may be absent where
 * the reader cannot know it (the device's optimistic view): then that check is left to the server.
 */
export interface AdWorld {
  /** Category slug -> the `model` values the category's products carry (empty: any model is refused). */
  readonly categories?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Photo ids whose upload is complete and processed (the ad is `pending` only when all of its are). */
  readonly readyPhotos?: ReadonlySet<string>;
  /**
   * Ids the owner may not use: another owner's ads and any deleted ad (ids are global, so one that exists under
   * another owner is never edited nor revealed; a deleted one is never brought back).
   */
  readonly takenIds?: ReadonlySet<string>;
  /** This owner's deleted ad ids: deleting one again is answered as done. */
  readonly deletedIds?: ReadonlySet<string>;
}

export const isAdCommand = (command: TypedCommand): command is AdCommand =>
  command.type === 'ad.save' || command.type === 'ad.renew' || command.type === 'ad.delete';

const refuse = (code: AdRefusalCode, field: string): AdDecision => ({
  kind: 'rejected',
  code,
  message: AD_REFUSALS[code],
  field,
});

/** Statuses an operator's review has not yet started on, or ended with: an edit sends any of them to review. */
const statusAfterSave = (input: AdInput, world: AdWorld): AdStatus =>
  input.photos.every((id) => world.readyPhotos?.has(id) === true) ? 'pending' : 'wait';

/** The shopper's part of an ad (what `ad.save` carries), to tell an edit from a repeat of the same save. */
export const inputOf = (ad: OwnAd): AdInput => {
  const { id, title, description, category, model, condition, price, city, photos, contact } = ad;
  return {
    id,
    title,
    description,
    category,
    ...(model === undefined ? {} : { model }),
    condition,
    price,
    city,
    photos,
    contact,
  };
};

const sameInput = (a: AdInput, b: AdInput): boolean => canonical(a) === canonical(b);
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const checkCatalogue = (input: AdInput, world: AdWorld): AdDecision | undefined => {
  if (!world.categories) return undefined;
  const models = world.categories.get(input.category);
  if (!models) return refuse('ad_unknown_category', 'payload.ad.category');
  if (input.model !== undefined && !models.has(input.model)) return refuse('ad_unknown_model', 'payload.ad.model');
  return undefined;
};

/** `now`: when the command is decided (the server's clock; the optimistic view's own until the server answers). */
export const decideAd = (command: AdCommand, doc: MyAdsDoc, world: AdWorld, now: number): AdDecision => {
  switch (command.type) {
    case 'ad.save': {
      const input = command.payload.ad;
      if (world.takenIds?.has(input.id)) return refuse('ad_not_found', 'payload.ad.id');
      const existing = doc.ads.find((ad) => ad.id === input.id);
      // The same ad saved again unchanged (a second tab, a resubmit): nothing moves, its review is not restarted.
      if (existing && sameInput(inputOf(existing), input))
        return { kind: 'accepted', events: [], result: { adId: input.id, status: existing.status } };
      const wrong = checkCatalogue(input, world);
      if (wrong) return wrong;
      if (!existing && doc.ads.length >= AD_MAX_PER_OWNER) return refuse('ad_limit_reached', 'payload.ad.id');
      const status = statusAfterSave(input, world);
      // A new ad, or an edit of one in any status: back to review (an operator approves what buyers will read).
      const ad: OwnAd = { ...input, status, createdAt: existing?.createdAt ?? now, updatedAt: now };
      return { kind: 'accepted', events: [{ type: 'ad.saved', ad }], result: { adId: input.id, status } };
    }
    case 'ad.renew': {
      const { adId } = command.payload;
      const ad = doc.ads.find((a) => a.id === adId);
      if (!ad) return refuse('ad_not_found', 'payload.adId');
      if (ad.status !== 'send' && ad.status !== 'finished') return refuse('ad_not_renewable', 'payload.adId');
      const expiresAt = Math.max(now, ad.expiresAt ?? now) + AD_PERIOD_MS;
      const renewed: OwnAd = { ...ad, status: 'send', expiresAt, updatedAt: now };
      return { kind: 'accepted', events: [{ type: 'ad.saved', ad: renewed }], result: { adId, expiresAt } };
    }
    case 'ad.delete': {
      const { adId } = command.payload;
      if (doc.ads.some((a) => a.id === adId))
        return { kind: 'accepted', events: [{ type: 'ad.removed', adId }], result: { adId } };
      // Deleted already (another tab, a retried call): done; anything else is not the owner's to delete.
      if (world.deletedIds?.has(adId)) return { kind: 'accepted', events: [], result: { adId } };
      return refuse('ad_not_found', 'payload.adId');
    }
  }
};

/** Newest first: the order the owner's list shows. */
const byNewest = (a: OwnAd, b: OwnAd): number => b.createdAt - a.createdAt || a.id.localeCompare(b.id);

export const evolveMyAds = (doc: MyAdsDoc, event: AdEvent): MyAdsDoc => {
  switch (event.type) {
    case 'ad.saved':
      return { ...doc, ads: [...doc.ads.filter((a) => a.id !== event.ad.id), event.ad].sort(byNewest) };
    case 'ad.removed':
      return { ...doc, ads: doc.ads.filter((a) => a.id !== event.adId) };
  }
};

/** decide, then evolve, and record the command's seq as applied (a refused command has been handled too). */
export const applyAdCommand = (
  doc: MyAdsDoc,
  command: AdCommand,
  world: AdWorld,
  now: number,
): { doc: MyAdsDoc; decision: AdDecision } => {
  const decision = decideAd(command, doc, world, now);
  const evolved = decision.kind === 'accepted' ? decision.events.reduce(evolveMyAds, doc) : doc;
  return { doc: withAppliedSeq(evolved, command.clientId, command.seq), decision };
};

/**
 * The owner's ads as the device shows them: the server's document with the pending ad commands folded over it.
 * The device cannot see the catalogue's checks nor the server's photos, so a pending save shows as `wait` until
 * the server's answer (`readyPhotos` may say otherwise).
 */
export const foldPendingIntoMyAds = (
  serverDoc: MyAdsDoc,
  pending: readonly CommandDocument[],
  world: AdWorld = {},
  parse?: typeof parseCommand,
): MyAdsDoc =>
  foldPending(
    serverDoc,
    pending,
    isAdCommand,
    (doc, command) => applyAdCommand(doc, command, world, command.createdAt).doc,
    parse,
  );

/** Whether a published ad's period has run out at `now` (it is then `finished`, whatever its row still says). */
export const isExpired = (ad: Pick<OwnAd, 'status' | 'expiresAt'>, now: number): boolean =>
  ad.status === 'send' && ad.expiresAt !== undefined && ad.expiresAt <= now;

/** The owner's published ads whose period ran out, moved to `finished` (the sweep and every write of the doc). */
export const expireAds = (doc: MyAdsDoc, now: number): { doc: MyAdsDoc; expired: string[] } => {
  const expired = doc.ads.filter((ad) => isExpired(ad, now)).map((ad) => ad.id);
  if (expired.length === 0) return { doc, expired };
  const ads = doc.ads.map((ad) => (isExpired(ad, now) ? { ...ad, status: 'finished' as const, updatedAt: now } : ad));
  return { doc: { ...doc, ads }, expired };
};

/**
 * Photos arrived: the owner's `wait` ads whose photos are now all ready go to review (`pending`). Returns the ads
 * that moved.
 */
export const promoteWaitingAds = (
  doc: MyAdsDoc,
  readyPhotos: ReadonlySet<string>,
  now: number,
): { doc: MyAdsDoc; moved: OwnAd[] } => {
  const moved: OwnAd[] = [];
  const ads = doc.ads.map((ad) => {
    if (ad.status !== 'wait' || !ad.photos.every((id) => readyPhotos.has(id))) return ad;
    const next = { ...ad, status: 'pending' as const, updatedAt: now };
    moved.push(next);
    return next;
  });
  return { doc: moved.length === 0 ? doc : { ...doc, ads }, moved };
};

/**
 * Logging in on a device that wrote ads as a guest: the guest's ads join the user's (the user's kept first, then
 * the guest's, newest first, up to AD_MAX_PER_OWNER; the rest stay the guest's). Returns both documents and the
 * ids that moved.
 */
export const mergeGuestAds = (
  user: MyAdsDoc,
  guest: MyAdsDoc,
  now: number,
): { user: MyAdsDoc; guest: MyAdsDoc; moved: string[] } => {
  const room = Math.max(0, AD_MAX_PER_OWNER - user.ads.length);
  const moving = guest.ads.slice(0, room);
  return {
    user: {
      ...user,
      ads: [...user.ads, ...moving].sort(byNewest),
      applied: unionOfApplied(user.applied, guest.applied),
      updatedAt: now,
    },
    guest: { ...guest, ads: guest.ads.slice(room), updatedAt: now },
    moved: moving.map((ad) => ad.id),
  };
};
