import type { StoreDatabase } from './database.ts';
import { withLock } from './lock.ts';
import type { SyncApi } from './sync-api.ts';

/** The shopper's cart identity, kept in a local document of the profile's database: every tab shares it. */
export interface Identity {
  token?: string;
  owner?: string;
}

const IDENTITY_DOC = 'identity';

export const readIdentity = async (db: StoreDatabase): Promise<Identity> =>
  (await db.getLocal<Identity>(IDENTITY_DOC))?.toJSON().data ?? {};

/** A guest cart and its token from the server, the first time the profile is online (one tab asks). */
export const ensureGuestCart = (db: StoreDatabase, api: SyncApi): Promise<Identity> =>
  withLock(`${db.name}:identity`, async () => {
    const current = await readIdentity(db);
    if (current.token && current.owner) return current;
    const { token, owner } = await api.createGuestCart();
    const identity = { token, owner };
    await db.upsertLocal(IDENTITY_DOC, identity);
    return identity;
  });

export const identity$ = (db: StoreDatabase) => db.getLocal$<Identity>(IDENTITY_DOC);
