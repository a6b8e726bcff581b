import type { AdStatus, OwnAd } from '../../schema/ads/ad.ts';
import type { CommandDocument, CommandParseResult } from '../../schema/index.ts';

/** An ad's status as its owner sees it: the server's, or 'sending' while only this device knows the ad. */
export type ShownAdStatus = AdStatus | 'sending';
/** What this device has asked of the ad and the server has not answered yet. */
export type AdPendingAction = 'save' | 'renew' | 'delete';

/** An own ad as the pages show it: the optimistic one, with what this device still waits to hear about. */
export type ShownAd = Omit<OwnAd, 'status'> & { status: ShownAdStatus; pending: AdPendingAction | undefined };

const adIdOf = (command: { type: string; payload: unknown }): string | undefined => {
  const payload = command.payload as { adId?: unknown; ad?: { id?: unknown } };
  const id = command.type === 'ad.save' ? payload.ad?.id : payload.adId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The owner's ads as shown: `folded` is the server's `myAds` with this device's pending ad commands applied by the
 * server's own rules (schema/ads/ad-rules.ts foldPendingIntoMyAds), so both agree on what an edit, a renew or a
 * delete does. Here each ad is marked with the last command still pending on it, and an ad the server has never
 * seen reads "waiting to be sent" rather than a status the server has not given it.
 */
export const showAds = (
  serverAds: readonly OwnAd[],
  folded: readonly OwnAd[],
  pending: readonly CommandDocument[],
  parse: (input: unknown) => CommandParseResult,
): ShownAd[] => {
  const known = new Set(serverAds.map((ad) => ad.id));
  const pendingOn = new Map<string, AdPendingAction>();
  for (const doc of pending) {
    if (!doc.type.startsWith('ad.')) continue;
    const parsed = parse(doc);
    if (!parsed.ok) continue;
    const id = adIdOf(parsed.command);
    if (id)
      pendingOn.set(
        id,
        parsed.command.type === 'ad.save' ? 'save' : parsed.command.type === 'ad.renew' ? 'renew' : 'delete',
      );
  }
  return folded.map((ad) => ({
    ...ad,
    status: known.has(ad.id) ? ad.status : 'sending',
    pending: pendingOn.get(ad.id),
  }));
};

/** The i18n key of a status in words (`ads.status.*`). */
export const adStatusKey = (status: ShownAdStatus): `ads.status.${ShownAdStatus}` => `ads.status.${status}`;

/** Renew is offered for a published ad and one whose period ran out (the server's rule: ad_not_renewable otherwise). */
export const renewable = (ad: ShownAd): boolean =>
  ad.pending === undefined && (ad.status === 'send' || ad.status === 'finished');
