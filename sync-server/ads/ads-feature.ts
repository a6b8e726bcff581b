import { adCommands } from '../../schema/ads/ad-commands.ts';
import {
  applyAdCommand,
  expireAds,
  isAdCommand,
  mergeGuestAds,
  type AdCommand,
  type AdWorld,
} from '../../schema/ads/ad-rules.ts';
import type { OwnAd } from '../../schema/ads/ad.ts';
import type { MyAdsDoc } from '../../schema/ads/my-ads.ts';
import type { CommandType } from '../../schema/commands/registry.ts';
import { forgetAdPhotos, readyPhotos } from '../ad-photos/index.ts';
import { outcomeOf, type ServerFeature } from '../features/feature.ts';
import { lockOwnerDocuments } from '../features/owner-documents.ts';
import type { Sql } from '../store/database.ts';
import { adCategories } from './ad-catalogue.ts';
import { adHolders, moveAdRows, writeAdRows, type AdHolder } from './ad-rows.ts';
import { myAdsReadModel, myAdsWrite } from './my-ads-read-model.ts';
import { adPhotoPath } from '../../schema/ads/ad-list.ts';

/** The ad ids and photo ids a command names. */
const idsOf = (command: AdCommand): { ad: string; photos: readonly string[] } =>
  command.type === 'ad.save'
    ? { ad: command.payload.ad.id, photos: command.payload.ad.photos }
    : { ad: command.payload.adId, photos: [] };

/** Each owner's photos that are ready, of those the batch's saves name (helper B's ad-photos). */
const readyByOwner = async (tx: Sql, commands: readonly AdCommand[]): Promise<Map<string, Set<string>>> => {
  const wanted = new Map<string, Set<string>>();
  for (const command of commands) {
    const ids = wanted.get(command.owner) ?? new Set<string>();
    for (const id of idsOf(command).photos) ids.add(id);
    wanted.set(command.owner, ids);
  }
  const ready = new Map<string, Set<string>>();
  for (const [owner, ids] of wanted)
    ready.set(owner, ids.size === 0 ? new Set() : await readyPhotos(tx, owner, [...ids]));
  return ready;
};

/**
 * Second-hand ads (issue 18): `ad.save`, `ad.renew`, `ad.delete` run the shared pure rules (schema/ads) on the
 * owner's locked `myAds` document, with what they need read here: the catalogue's categories and models, the
 * photos that arrived, and who holds each id. `persist` writes the `ads` rows (public list, operator queue) from
 * the documents in the same transaction. A published ad past its period is `finished` in every document this
 * batch writes (and by the sweep, ad-expiry.ts).
 */
export const adsFeature: ServerFeature = {
  name: 'ads',
  commands: Object.keys(adCommands) as CommandType[],
  readModels: [myAdsReadModel],
  // Every ad the owner made (finished ones too) and the photos uploaded, with where each is served.
  async exportOwnerData(sql, owner) {
    const ads = await sql.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM ads WHERE owner = $1 ORDER BY created_at, id',
      [owner],
    );
    const photos = await sql.query<{ id: string; status: string; created_at: Date }>(
      'SELECT id::text AS id, status, created_at FROM ad_photos WHERE owner = $1 ORDER BY created_at',
      [owner],
    );
    return {
      ads: ads.map((row) => row.doc),
      photos: photos.map((photo) => ({
        id: photo.id,
        status: photo.status,
        uploadedAt: photo.created_at.toISOString(),
        large: adPhotoPath(photo.id, 'large'),
      })),
    };
  },

  async open(tx, all, now, documents) {
    const commands = all.filter(isAdCommand);
    const owners = [...new Set(commands.map((c) => c.owner))];
    await documents.lock(myAdsReadModel, owners);
    const docOf = (owner: string) => documents.get<MyAdsDoc>(myAdsReadModel, owner);
    const holders: Map<string, AdHolder> = await adHolders(
      tx,
      commands.map((c) => idsOf(c).ad),
    );
    const categories = await adCategories(
      tx,
      commands.flatMap((c) => (c.type === 'ad.save' ? [c.payload.ad.category] : [])),
    );
    const ready = await readyByOwner(tx, commands);
    const changed = new Set<string>();
    /** Per owner, the ads whose rows must be written: saved, renewed or expired in this batch. */
    const touched = new Map<string, Set<string>>();
    const touch = (owner: string, ids: readonly string[]) => {
      const set = touched.get(owner) ?? new Set<string>();
      for (const id of ids) set.add(id);
      touched.set(owner, set);
    };
    for (const owner of owners) {
      const swept = expireAds(docOf(owner), now);
      if (swept.expired.length === 0) continue;
      documents.set(myAdsReadModel, owner, swept.doc);
      touch(owner, swept.expired);
      changed.add(owner);
    }
    const deleted = new Map<string, Set<string>>();
    /** Per owner, photos an accepted command took out of an ad (deleted, or left out by an edit). */
    const droppedPhotos = new Map<string, Set<string>>();

    const worldOf = (command: AdCommand): AdWorld => {
      const { ad } = idsOf(command);
      const holder = holders.get(ad);
      const taken = holder && (holder.owner !== command.owner || holder.deleted);
      const ownDeleted = holder?.owner === command.owner && holder.deleted;
      return {
        categories,
        readyPhotos: ready.get(command.owner) ?? new Set(),
        takenIds: taken ? new Set([ad]) : new Set(),
        deletedIds: ownDeleted ? new Set([ad]) : new Set(),
      };
    };

    return {
      handle(command) {
        if (!isAdCommand(command)) throw new Error(`not an ad command: ${command.type}`);
        const current = docOf(command.owner);
        const { doc, decision } = applyAdCommand(current, command, worldOf(command), now);
        documents.set(myAdsReadModel, command.owner, doc);
        changed.add(command.owner);
        if (decision.kind === 'accepted') {
          const { ad } = idsOf(command);
          const before = current.ads.find((a) => a.id === ad)?.photos ?? [];
          const after = new Set(doc.ads.find((a) => a.id === ad)?.photos ?? []);
          const dropped = droppedPhotos.get(command.owner) ?? new Set<string>();
          for (const photo of before) if (!after.has(photo)) dropped.add(photo);
          droppedPhotos.set(command.owner, dropped);
          // Later commands of the batch see this one's effect on who holds the id.
          if (decision.events.some((e) => e.type === 'ad.removed')) {
            holders.set(ad, { id: ad, owner: command.owner, deleted: true });
            deleted.set(command.owner, (deleted.get(command.owner) ?? new Set()).add(ad));
          } else {
            if (!holders.has(ad)) holders.set(ad, { id: ad, owner: command.owner, deleted: false });
            touch(command.owner, [ad]);
          }
        }
        return outcomeOf(decision);
      },
      async persist(ptx) {
        for (const owner of changed) {
          const doc = docOf(owner);
          const gone = [...(deleted.get(owner) ?? [])];
          const ids = touched.get(owner) ?? new Set<string>();
          const saved: OwnAd[] = doc.ads.filter((ad) => ids.has(ad.id));
          await writeAdRows(ptx, owner, saved, gone, now);
          // Photos no ad of the owner shows any more are deleted with the change that dropped them.
          const inUse = new Set(doc.ads.flatMap((ad) => ad.photos));
          const unused = [...(droppedPhotos.get(owner) ?? [])].filter((photo) => !inUse.has(photo));
          if (unused.length > 0) await forgetAdPhotos(ptx, owner, unused);
        }
      },
    };
  },

  /** A guest's ads follow the shopper to the user at login (their rows change owner, ids stay global), once. */
  async mergeGuest(tx, guest, user, now) {
    const docs = await lockOwnerDocuments<MyAdsDoc>(tx, myAdsReadModel, [guest, user]);
    const guestDoc = docs.get(guest)!;
    if (guestDoc.ads.length === 0) return [];
    const merged = mergeGuestAds(docs.get(user)!, guestDoc, now);
    await moveAdRows(tx, guest, user, merged.moved);
    return [myAdsWrite(merged.user, now), myAdsWrite(merged.guest, now)];
  },
};
