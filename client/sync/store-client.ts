import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  map,
  of,
  share,
  shareReplay,
  race,
  skip,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import type { RxCollection, RxStorage } from 'rxdb';
import { clientFeatures } from '../features.ts';
import { createStoreDatabase, pullOnlyCollections } from './database.ts';
import { createTabConnection } from './tab-connection.ts';
import { createDispatch } from './dispatch.ts';
import { readDeviceId } from './device-id.ts';
import { removeAnsweredCommands } from './housekeeping.ts';
import { v7 as uuidv7 } from 'uuid';
import { customerGroupOf } from '../../schema/account/customer-group.ts';
import { createAccountApi } from './account-api.ts';
import { createAccountSession } from './account-session.ts';
import {
  currentOwner,
  currentToken,
  ensureGuestCart,
  identity$,
  readIdentity,
  sendingOwners,
  type Identity,
} from './identity.ts';
import { forgetCheckpoint } from './puller.ts';
import { startReplication, type Replication } from './replication.ts';
import type { StoreClient, SyncState } from './store-client-types.ts';
import { createSyncApi } from './sync-api.ts';
import { createViews } from './views.ts';
import { yieldToMain } from '../lib/main-thread.ts';
import { adoptProvisionalCommands, PROVISIONAL_OWNER } from './provisional.ts';

export interface StoreClientOptions {
  /** The sync server's origin ('' for the page's own origin). */
  baseUrl: string;
  databaseName: string;
  storage: RxStorage<unknown, unknown>;
  multiInstance?: boolean;
  fetch?: typeof fetch;
  /** Network state as the platform reports it (the browser's online/offline events). */
  online$?: Observable<boolean>;
  /** How long one sync request may take before it is abandoned and retried (default 20 s). */
  requestTimeoutMs?: number;
  /** How long the live stream may stay silent before it is reconnected (default 40 s). */
  streamIdleMs?: number;
}

/**
 * The client's sync core: the local database, identity, replication, dispatch and the views built on
 * them. Runs the same in a browser (Dexie on IndexedDB) and in Node tests (Dexie on fake-indexeddb).
 */
export const createStoreClient = async (options: StoreClientOptions): Promise<StoreClient> => {
  const db = await createStoreDatabase({
    name: options.databaseName,
    storage: options.storage,
    multiInstance: options.multiInstance ?? true,
  });
  /**
   * One client per tab (Replicache's model): each tab numbers its own commands, so seq needs no
   * coordination between tabs; the leader tab pushes every tab's commands, all under one owner.
   */
  const identity = new BehaviorSubject<Identity>(await readIdentity(db));
  /**
   * A new client id whenever the device's guest changes (a logout starts a new guest): the server binds a client
   * id to the owner it first acted for (and, at a login, to the user), so a new shopper needs a new one.
   */
  let clientId = uuidv7();
  let clientGuest = identity.value.owner;
  /**
   * The browser profile's id, for the console's device list only. The store's start does not wait for it; the owner's
   * replication does (a local read, over long before the tab leads), so every push and pull of the owner's says it.
   * Should it not be read, the console counts this page load as a device of its own; the shop loses nothing.
   */
  let deviceId: string | undefined;
  const deviceIdRead = readDeviceId(db).then(
    (id) => void (deviceId = id),
    () => undefined,
  );
  /** The owner the device's provisional commands were last given to: a token refresh need not look again. */
  let adoptedBy: string | undefined;
  // Another tab may obtain the guest cart, log in or log out first: follow the shared local document.
  const identitySubscription = identity$(db).subscribe((doc) => {
    if (!doc) return;
    const next = doc.toJSON().data;
    if (next.owner !== clientGuest) {
      if (clientGuest !== undefined) clientId = uuidv7();
      clientGuest = next.owner;
    }
    identity.next(next);
    // Taps made before the device had an identity (here, in another tab, or before a reload) become its owner's:
    // the guest's, or the user's who logged in first.
    const owner = currentOwner(next);
    if (owner && owner !== adoptedBy) {
      adoptedBy = owner;
      void adoptProvisionalCommands(db, owner);
    }
  });
  const online = new BehaviorSubject(true);
  /** Which server the checkpoints are for ('origin' for the page's own). */
  const server = options.baseUrl || 'origin';
  const accountApi = createAccountApi(options.baseUrl, options.fetch);
  const account = createAccountSession({
    db,
    identity,
    api: accountApi,
    // The owners' rows of every owner-scoped collection (the outcomes and the features' read models), and where
    // their pulls had got to. The replication stops first, so nothing it was pulling lands after; the next
    // identity starts its own.
    forgetOwners: async (owners) => {
      await (switching = switching.then(async () => {
        if (!replicatingAs || !owners.includes(replicatingAs)) return;
        await replication?.stop();
        replication = undefined;
        replicatingAs = undefined;
      }));
      const collections = db.collections as unknown as Record<string, RxCollection>;
      for (const [name, spec] of Object.entries(pullOnlyCollections())) {
        if (spec.scope !== 'owner') continue;
        await collections[name]!.find({ selector: { owner: { $in: owners } } }).remove();
        await forgetCheckpoint(db, name);
      }
    },
  });
  const api = createSyncApi({
    baseUrl: options.baseUrl,
    token: () => currentToken(identity.value),
    clientId: () => clientId,
    deviceId: () => deviceId,
    fetch: options.fetch,
    online,
    auth: {
      // Not while a login is underway: the guest token it retires would be refused (account-session.ts).
      beforeRequest: async () => {
        await account.loginSettled();
        await account.lock.beforeRequest();
      },
      refreshAfter: (token) => account.lock.refreshAfter(token),
      // A user's token (possibly one another tab has just renewed), never the guest's.
      canRefresh: (token) => identity.value.user !== undefined && token !== identity.value.token,
    },
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.streamIdleMs ? { streamIdleMs: options.streamIdleMs } : {}),
  });
  // The platform's network state, kept in `online` (read synchronously by the sync API) and watched as online$.
  const online$ = online.pipe(distinctUntilChanged());
  const connected = new BehaviorSubject(false);
  // What every tab shows: the leader's own state, told to the other tabs (tab-connection.ts).
  const tabConnection = createTabConnection(options.databaseName);
  const onlineStateSubscription = (options.online$ ?? of(true)).subscribe((isOnline) => online.next(isOnline));

  // Subscribed only by the replicating (leader) tab; its state feeds the sync indicator.
  const stream$ = api.stream().pipe(
    tap((message) => connected.next(message.kind !== 'down')),
    share(),
  );
  let replication: Replication | undefined;
  /** Whose rows the replication pulls. */
  let replicatingAs: string | undefined;
  let stopped = false;
  let switching = Promise.resolve();
  /**
   * Replicates for the current owner. When the owner changes (a login adopts another cart), the old
   * replication and its stream stop and a new one starts, with checkpoints of its own.
   */
  const syncAs = (owner: string): Promise<void> =>
    (switching = switching.then(async () => {
      // Only the leader tab holds the live stream and replicates; other tabs see its writes in the shared database.
      await db.waitForLeadership();
      await deviceIdRead;
      if (stopped) return;
      tabConnection.lead(connected);
      await replication?.stop();
      const scope = { server, owner, sendingOwners: sendingOwners(identity.value) };
      replication = startReplication(db, api, stream$, scope, online);
      replicatingAs = owner;
    }));

  /**
   * Before the device has an identity, the catalogue's collections alone (no token needed): the cart then prices
   * the taps made meanwhile (provisional.ts), and offline search has its data. The owner's replication replaces it,
   * going on from the same checkpoints.
   */
  const pullCatalogue = (): Promise<void> =>
    (switching = switching.then(async () => {
      await db.waitForLeadership();
      if (stopped || replication || currentToken(identity.value)) return;
      replication = startReplication(db, api, stream$, { server, sendingOwners: [] }, online);
    }));

  /** Asks for a guest cart until it has one: at once, then backing off to every 30 s while it fails. */
  let asking = false;
  const obtainIdentity = async (): Promise<void> => {
    if (asking) return;
    asking = true;
    for (let wait = 1000; !stopped && !identity.value.token; wait = Math.min(wait * 2, 30_000)) {
      try {
        identity.next(await ensureGuestCart(db, api));
      } catch {
        // Offline, a dead link or the server away: try again later (or at once when back online).
        await firstValueFrom(race(timer(wait), online.pipe(skip(1), filter(Boolean))));
      }
    }
    asking = false;
  };
  const identityReady$ = identity.pipe(
    map((id) => Boolean(currentToken(id) && currentOwner(id))),
    distinctUntilChanged(),
  );
  // A login, a logout or a new guest changes whose rows are pulled and whose commands are sent.
  const readySubscription = identity
    .pipe(
      // No token in between (a logout) counts as a change: the same user logging in again replicates again.
      map((id) => (currentToken(id) ? currentOwner(id) : undefined)),
      distinctUntilChanged(),
      filter((owner): owner is string => Boolean(owner)),
    )
    .subscribe((owner) => void syncAs(owner));
  const onlineSubscription = online$.pipe(filter(Boolean)).subscribe(() => {
    if (!identity.value.token) void obtainIdentity();
    replication?.reSync();
  });
  // Not awaited: on a slow network the store opens from local data at once; the identity follows.
  if (!currentToken(identity.value)) void pullCatalogue();
  void obtainIdentity();
  // Logged out (here or in another tab): the next guest starts clean, with a cart of its own.
  const loggedOutSubscription = identity
    .pipe(
      map((id) => Boolean(id.token)),
      distinctUntilChanged(),
      skip(1),
      filter((hasGuest) => !hasGuest),
    )
    .subscribe(() => void obtainIdentity());

  // The views are made and the features started in tasks of their own: with the replication's start, all in one
  // go they were a slow phone's 80 ms task.
  await yieldToMain();
  const views = createViews(db, {
    // Before the device has its guest, the cart and the sync state show the taps it keeps provisionally.
    owner$: identity.pipe(map((id) => currentOwner(id) ?? PROVISIONAL_OWNER)),
    pendingOwners$: identity.pipe(map((id) => [...sendingOwners(id), PROVISIONAL_OWNER])),
    customerGroup$: identity.pipe(map((id) => customerGroupOf(id.user?.user))),
    server: {
      baseUrl: options.baseUrl,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      isOnline: () => online.value,
      connected$: tabConnection.connected$,
      // Price tiers: the group and the token that proves it go with every search.
      who: () => ({
        token: currentToken(identity.value),
        customerGroupId: customerGroupOf(identity.value.user?.user),
      }),
    },
  });
  const housekeeping = removeAnsweredCommands(db);
  // distinctUntilChanged: every stream message says "connected"; the views must not re-render for each.
  const syncState$: Observable<SyncState> = combineLatest([
    online$,
    tabConnection.connected$,
    views.waiting$,
    identityReady$,
  ]).pipe(
    map(([online, isConnected, waiting, identityReady]) => ({
      online,
      connected: online && isConnected,
      waiting,
      identityReady,
    })),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  const written = createDispatch(db, () => ({
    clientId,
    owner: currentOwner(identity.value) ?? PROVISIONAL_OWNER,
  }));
  const dispatch: typeof written = async (type, payload) => {
    const doc = await written(type, payload);
    // The identity came while this tap was being written: the identity's own adoption may have run before it.
    const owner = currentOwner(identity.value);
    if (doc.owner === PROVISIONAL_OWNER && owner) await adoptProvisionalCommands(db, owner);
    return doc;
  };
  // The features' own start hooks, once their views exist.
  await yieldToMain();
  const started = clientFeatures.map((feature) => feature.start?.({ dispatch, identityReady$ }));
  const { pending$: _pending, waiting$: _waiting, stop: stopViews, ...shown } = views;

  return {
    ...shown,
    db,
    dispatch,
    account: account.session,
    syncState$,
    async settled() {
      // Every command written so far (read from storage, not from a live query that may lag an insert)
      // has its outcome.
      const ids = (await db.commands.find().exec()).map((doc) => doc.id);
      if (ids.length === 0) return;
      await firstValueFrom(db.outcomes.findByIds(ids).$.pipe(filter((found) => found.size === ids.length)));
    },
    async stop() {
      stopped = true;
      stopViews();
      await switching;
      for (const s of [
        identitySubscription,
        loggedOutSubscription,
        readySubscription,
        onlineSubscription,
        onlineStateSubscription,
        housekeeping,
        ...started.flatMap((s) => (s ? [s] : [])),
      ])
        s.unsubscribe();
      await replication?.stop();
      tabConnection.close();
      await db.close();
    },
  };
};
