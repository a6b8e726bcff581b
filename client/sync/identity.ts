import type { User } from '../../schema/index.ts';
import type { StoreDatabase } from './database.ts';
import { withLock } from './lock.ts';
import type { SyncApi } from './sync-api.ts';

/** A logged-in user's session on this device (spec commerce.md section 3, "User session state"). */
export interface UserSession {
  token: string;
  refreshToken: string;
  /** Epoch ms when `token` stops working. */
  expiresAt: number;
  /** The user's owner id ('user-…'): its cart, commands and outcomes. */
  owner: string;
  user: User;
}

/**
 * Who this profile is, kept in a local document of its database so every tab shares it: the device's guest
 * (its cart token and owner, from the first time it was online) and, once someone logs in, the user. While a
 * user is logged in the guest stays: its cart has joined the user's, and its unsent commands go with the user's.
 */
export interface Identity {
  token?: string;
  owner?: string;
  user?: UserSession;
}

const IDENTITY_DOC = 'identity';

/** Whose cart the views show and whose token the sync uses: the user's when logged in, else the guest's. */
export const currentOwner = (identity: Identity): string | undefined => identity.user?.owner ?? identity.owner;
export const currentToken = (identity: Identity): string | undefined => identity.user?.token ?? identity.token;

/** The owners whose commands this device sends now: the user's and its merged guest's, or the guest's. */
export const sendingOwners = (identity: Identity): string[] =>
  [identity.user?.owner, identity.owner].filter((owner): owner is string => Boolean(owner));

export const readIdentity = async (db: StoreDatabase): Promise<Identity> =>
  (await db.getLocal<Identity>(IDENTITY_DOC))?.toJSON().data ?? {};

/** Changes the shared identity under the profile's lock (tabs may log in, refresh or log out at once). */
export const updateIdentity = (db: StoreDatabase, change: (current: Identity) => Identity): Promise<Identity> =>
  withLock(`${db.name}:identity`, async () => {
    const next = change(await readIdentity(db));
    await db.upsertLocal(IDENTITY_DOC, next);
    return next;
  });

/** A guest cart and its token from the server, the first time the profile is online (one tab asks). */
export const ensureGuestCart = (db: StoreDatabase, api: SyncApi): Promise<Identity> =>
  withLock(`${db.name}:identity`, async () => {
    const current = await readIdentity(db);
    if (current.token && current.owner) return current;
    const { token, owner } = await api.createGuestCart();
    const identity = { ...current, token, owner };
    await db.upsertLocal(IDENTITY_DOC, identity);
    return identity;
  });

export const identity$ = (db: StoreDatabase) => db.getLocal$<Identity>(IDENTITY_DOC);
