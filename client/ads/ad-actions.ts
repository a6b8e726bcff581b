import { filter, firstValueFrom, map, take, timeout } from 'rxjs';
import type { AdInput } from '../../schema/ads/ad.ts';
import type { CommandDocument } from '../../schema/index.ts';
import { getStoreClient, refusalMessage, type StoreClient } from '../store/index.ts';
import { notify, type Message } from '../ui/notifications.tsx';
import { claimSubmission, releaseSubmission } from './session-hashes.ts';

/** How long an action waits for the store to have an identity before it says it failed. */
const IDENTITY_WAIT_MS = 8000;

const readyClient = async (): Promise<StoreClient> => {
  const client = await getStoreClient();
  await firstValueFrom(
    client.syncState$.pipe(
      filter((state) => state.identityReady),
      timeout(IDENTITY_WAIT_MS),
    ),
  );
  return client;
};

const online = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

type AdCommand = 'ad.save' | 'ad.renew' | 'ad.delete';
const SUCCESS: Record<AdCommand, string> = {
  'ad.save': 'ads.notice.saved',
  'ad.renew': 'ads.notice.renewed',
  'ad.delete': 'ads.notice.deleted',
};
/** Spec §8: what a server error on each says. */
const SERVER_ERROR: Record<AdCommand, string> = {
  'ad.save': 'ads.notice.transferFailed',
  'ad.renew': 'ads.notice.renewFailed',
  'ad.delete': 'ads.notice.deleteFailed',
};

/** The answer to one command, whenever it comes (this tab stays open meanwhile; a reload shows the ad's state). */
const follow = (client: StoreClient, id: string, onSettled: (command: CommandDocument) => void): void => {
  client.commands$
    .pipe(
      map((commands) => commands.find((c) => c.id === id)),
      filter((c): c is CommandDocument => c !== undefined && c.status !== 'pending' && c.status !== 'processing'),
      take(1),
    )
    .subscribe(onSettled);
};

const tell = (kind: 'success' | 'error' | 'info', message: Message) => notify({ kind, message });

/** Saves a failed ad once more: the spec's "Ad has been queued". Once per ad a tab, so a broken server is not hammered. */
const requeued = new Set<string>();

const dispatchSave = async (client: StoreClient, ad: AdInput): Promise<void> => {
  const command = await client.dispatch('ad.save', { ad });
  follow(client, command.id, (settled) => {
    if (settled.status === 'succeeded') tell('success', { key: SUCCESS['ad.save'] });
    else if (settled.status === 'rejected') {
      releaseSubmission(ad);
      tell('error', refusalMessage(settled));
    } else {
      tell('error', { key: SERVER_ERROR['ad.save'] });
      if (requeued.has(ad.id)) releaseSubmission(ad);
      else {
        requeued.add(ad.id);
        void dispatchSave(client, ad).catch(() => releaseSubmission(ad));
      }
    }
  });
};

/**
 * Saves the ad (new or edited) as a command: 'Processing ad...' at once, then the server's answer in the spec's
 * words; offline it is queued on the device and said so. The same content is submitted once a session (session ad
 * hashes): a double click or a resubmit answers 'duplicate' and sends nothing.
 */
export const saveAd = async (ad: AdInput, isNew: boolean): Promise<'sent' | 'duplicate' | 'failed'> => {
  if (!claimSubmission(ad, isNew)) {
    tell('info', { key: 'ads.notice.duplicate' });
    return 'duplicate';
  }
  tell('info', { key: 'ads.notice.processing' });
  try {
    const client = await readyClient();
    await dispatchSave(client, ad);
    if (!online()) tell('info', { key: 'ads.notice.queued' });
    return 'sent';
  } catch (error) {
    console.error('[ads] the ad could not be stored', error);
    releaseSubmission(ad);
    tell('error', { key: 'notify.dispatchError' });
    return 'failed';
  }
};

/** Renew or delete: the command, then a success or an error notification (spec §4 Ads). */
const simple = async (type: 'ad.renew' | 'ad.delete', adId: string): Promise<boolean> => {
  try {
    const client = await readyClient();
    const command = await client.dispatch(type, { adId });
    if (!online()) tell('info', { key: 'notify.queuedOffline' });
    follow(client, command.id, (settled) => {
      if (settled.status === 'succeeded') tell('success', { key: SUCCESS[type] });
      else if (settled.status === 'rejected') tell('error', refusalMessage(settled));
      else tell('error', { key: SERVER_ERROR[type] });
    });
    return true;
  } catch (error) {
    console.error('[ads] the change could not be stored', type, error);
    tell('error', { key: 'notify.dispatchError' });
    return false;
  }
};

export const renewAd = (adId: string): Promise<boolean> => simple('ad.renew', adId);
export const deleteAd = (adId: string): Promise<boolean> => simple('ad.delete', adId);
