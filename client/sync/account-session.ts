import { map, type BehaviorSubject } from 'rxjs';
import { heldUntilHeard } from './held-events.ts';
import type { User } from '../../schema/index.ts';
import type { StoreDatabase } from './database.ts';
import type { AccountApi, IssuedTokens } from './account-api.ts';
import { readIdentity, updateIdentity, type Identity } from './identity.ts';
import { withLock } from './lock.ts';
import type { AccountEvent, AccountResult, AccountSession } from './store-client-types.ts';
import { asksForRefresh, createRefreshLock, type RefreshLock } from './token-refresh-lock.ts';

export interface AccountSessionDeps {
  db: StoreDatabase;
  /** The profile's identity, following the shared local document (every tab's logins and logouts). */
  identity: BehaviorSubject<Identity>;
  api: AccountApi;
  /** Removes what the owners' session left on this device: their cart and answered commands. */
  forgetOwners(owners: string[]): Promise<void>;
}

const OFFLINE: AccountResult<never> = { ok: false, status: 0, message: 'No internet connection' };

/** A network failure (offline, timeout) as an answer, so forms can say so instead of throwing. */
const reachable = async <T>(call: () => Promise<AccountResult<T>>): Promise<AccountResult<T>> => {
  try {
    return await call();
  } catch {
    return OFFLINE;
  }
};

/**
 * The shopper's session on this profile (spec commerce.md section 4, "Session" and "Token refresh lock").
 * The tokens live in the shared identity document, so every tab is logged in or out together; refreshing is
 * serialised across tabs, because a refresh token works once and a second use ends the session.
 */
export const createAccountSession = ({
  db,
  identity,
  api,
  forgetOwners,
}: AccountSessionDeps): { session: AccountSession; lock: RefreshLock; loginSettled(): Promise<void> } => {
  // Held until heard: the notices that tell these events load after the store has started (held-events.ts).
  const events = heldUntilHeard<AccountEvent>();
  /**
   * Changes the shared identity and tells this tab at once (other tabs follow the document): whoever awaits a
   * login or logout finds user$ already changed, so a page guarded by it never sees the old shopper.
   */
  const commit = async (change: (current: Identity) => Identity): Promise<void> => {
    identity.next(await updateIdentity(db, change));
  };

  /** Logs out: no user and no guest, so the next guest starts with an empty cart of its own. */
  const logout = async ({ silent = false }: { silent?: boolean } = {}): Promise<void> => {
    const current = await readIdentity(db);
    if (!current.user) return;
    // Best effort: offline, the session simply expires on the server.
    void api.logout(current.user.token).catch(() => undefined);
    await commit(() => ({}));
    lock.reset();
    events.emit({ kind: 'loggedOut', silent });
    await forgetOwners([current.user.owner, ...(current.owner ? [current.owner] : [])]);
  };

  const adopt = (tokens: IssuedTokens) => ({
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  });

  const lock: RefreshLock = createRefreshLock({
    refresh: (failedToken) =>
      withLock(`${db.name}:refresh`, async () => {
        const current = await readIdentity(db);
        if (!current.user) return false;
        // Another tab renewed the session while this one waited for the lock.
        if (current.user.token !== failedToken) return true;
        const renewed = await api.refresh(current.user.refreshToken);
        if (renewed.ok) {
          await commit((c) => (c.user ? { ...c, user: { ...c.user, ...adopt(renewed.result) } } : c));
          return true;
        }
        if (renewed.status === 401 || renewed.status === 400) {
          // Spec: "A failed refresh logs out, shows the sign-up modal". The user's unsent commands are kept,
          // held until the same user logs in again (never sent under another owner, never lost).
          events.emit({ kind: 'refreshFailed', gaveUp: false });
          await logout({ silent: true });
          return false;
        }
        throw new Error(renewed.message);
      }),
    onGiveUp: () => {
      events.emit({ kind: 'refreshFailed', gaveUp: true });
      void logout({ silent: true });
    },
  });

  /**
   * Settles once no login is underway. The login retires the guest token on the server the moment it answers,
   * and the device holds the user's token only once it has read that answer: a pull or push sent between the
   * two went with the dead guest token and was refused (a 401 in the shopper's console each). The sync's
   * requests wait for this before they read the token.
   */
  let loggingIn: Promise<void> = Promise.resolve();

  const login = async (email: string, password: string): Promise<AccountResult<User>> => {
    const before = await readIdentity(db);
    if (before.user) await logout({ silent: true });
    const guest = (await readIdentity(db)).token;
    let settle!: () => void;
    loggingIn = new Promise<void>((resolve) => (settle = resolve));
    try {
      return await loginAs(email, password, guest);
    } finally {
      settle();
    }
  };

  const loginAs = async (email: string, password: string, guest: string | undefined): Promise<AccountResult<User>> => {
    const answered = await reachable(() => api.login(email, password, guest));
    if (!answered.ok) return answered;
    // The login retired the guest token (the server answers it 401 from now on): the user comes with the login's
    // answer, so no second call can fail between the two and leave the device holding a dead guest token.
    const known = answered.result.user;
    const me: AccountResult<User> = known
      ? { ok: true, result: known }
      : await reachable(() => api.me(answered.result.token));
    if (!me.ok) return me;
    await commit((current) => ({
      ...current,
      user: { ...adopt(answered.result), owner: me.result.id, user: me.result },
    }));
    lock.reset();
    return me;
  };

  /** After a 'not authorized' answer: renew the token once and ask again, or keep the first answer. */
  const renewAndRetry = async <T>(
    token: string,
    again: () => Promise<AccountResult<T>>,
    first: AccountResult<T>,
  ): Promise<AccountResult<T>> => ((await lock.refreshAfter(token).catch(() => false)) ? again() : first);

  const session: AccountSession = {
    user$: identity.pipe(map((id) => id.user?.user ?? null)),
    events$: events.events$,
    login,
    async register(body) {
      const created = await reachable(() => api.register(body));
      if (!created.ok) return created;
      // Spec: "Registration success is followed by an automatic login."
      return login(body.customer.email, body.password);
    },
    logout,
    requestPasswordReset: (email) =>
      reachable(() => api.call<string>('/reset-password', undefined, { body: { email } })),
    confirmPasswordReset: (token, newPassword) =>
      reachable(() => api.call<string>('/reset-password/confirm', undefined, { body: { token, newPassword } })),
    async call<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown }): Promise<AccountResult<T>> {
      const token = identity.value.user?.token;
      if (!token) return { ok: false, status: 401, message: 'A logged-in user is required: not authorized' };
      try {
        await lock.beforeRequest();
      } catch (error) {
        return { ok: false, status: 401, message: (error as Error).message };
      }
      const first = await reachable(() => api.call<T>(path, token, init));
      const answer =
        first.ok || !asksForRefresh(first.status, first.message, true)
          ? first
          : await renewAndRetry(
              token,
              () => reachable(() => api.call<T>(path, (identity.value.user ?? { token }).token, init)),
              first,
            );
      // The user's own data changed (profile update) or was read again: the header and pages show it at once.
      if (answer.ok && (path === '/' || path === '/me')) {
        const user = answer.result as User;
        await commit((c) => (c.user && c.user.owner === user.id ? { ...c, user: { ...c.user, user } } : c));
      }
      return answer;
    },
    async send(path: string, init?: RequestInit): Promise<Response | undefined> {
      const token = identity.value.user?.token;
      if (!token) return undefined;
      await lock.beforeRequest();
      const first = await api.send(path, token, init);
      // An expired token is a 401 whatever the body; a 403 (not an operator) is an answer, not a reason to renew.
      if (first.status !== 401) return first;
      const renewed = await lock.refreshAfter(token).catch(() => false);
      const again = identity.value.user?.token;
      return renewed && again ? api.send(path, again, init) : first;
    },
  };
  return { session, lock, loginSettled: () => loggingIn };
};
