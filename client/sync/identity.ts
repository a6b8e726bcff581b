import { v7 as uuidv7 } from 'uuid';
import type { StoreDatabase } from './database.ts';
import { withLock } from './lock.ts';
import type { SyncApi } from './sync-api.ts';

/** Kept in a local document of the profile's database, so every tab shares it. */
export interface Identity {
  clientId: string;
  token?: string;
  owner?: string;
}

const IDENTITY_DOC = 'identity';

/** This profile's client id, created once; stable for the life of the database. */
export const ensureClientId = (db: StoreDatabase): Promise<Identity> =>
  withLock(`${db.name}:identity`, async () => {
    const existing = await db.getLocal<Identity>(IDENTITY_DOC);
    if (existing) return existing.toJSON().data;
    const identity: Identity = { clientId: uuidv7() };
    await db.insertLocal(IDENTITY_DOC, identity);
    return identity;
  });

/** A guest cart and its token from the server, the first time the profile is online. */
export const ensureGuestCart = (db: StoreDatabase, api: SyncApi): Promise<Identity> =>
  withLock(`${db.name}:identity`, async () => {
    const current = (await db.getLocal<Identity>(IDENTITY_DOC))?.toJSON().data;
    if (!current) throw new Error('client id missing: call ensureClientId first');
    if (current.token && current.owner) return current;
    const { token, owner } = await api.createGuestCart();
    const identity = { ...current, token, owner };
    await db.upsertLocal(IDENTITY_DOC, identity);
    return identity;
  });

export const identity$ = (db: StoreDatabase) => db.getLocal$<Identity>(IDENTITY_DOC);
