import type { Observable } from 'rxjs';
import type { CommandDocument, CommandType, PayloadInputOf, RegisterBody, User } from '../../schema/index.ts';
import type { FeatureViews } from '../features.ts';
import type { StoreDatabase } from './database.ts';

/** What the always-visible sync indicator shows. */
export interface SyncState {
  /** The browser thinks it has a network. */
  online: boolean;
  /** The live stream to the server is open (changes arrive as they happen). */
  connected: boolean;
  /** Commands of this owner written locally and not yet answered by the server. */
  waiting: number;
  /**
   * The shopper has a cart identity (a guest token). Until then taps are kept on the device under a provisional
   * owner (provisional.ts) and sent once it comes; calls that need the server (an account, a wishlist) wait.
   */
  identityReady: boolean;
}

/** An account call's answer: the server's result, or its refusal with the field it names. */
export type AccountResult<T = unknown> =
  { ok: true; result: T } | { ok: false; status: number; message: string; field?: string };

/** What the session tells the interface (spec commerce.md section 4, "Session" and "Token refresh lock"). */
export type AccountEvent =
  /** Logged out: "You're logged out" unless silent. */
  | { kind: 'loggedOut'; silent: boolean }
  /** The token could not be refreshed: logged out silently; show the sign-up modal (and, after 20 attempts, the notice). */
  | { kind: 'refreshFailed'; gaveUp: boolean };

/** The shopper's account on this device: shared by every tab of the profile. */
export interface AccountSession {
  /** The logged-in user, or null for a guest. Undefined until the device's stored session has been read. */
  readonly user$: Observable<User | null | undefined>;
  readonly events$: Observable<AccountEvent>;
  /** Logs in; the device's guest cart joins the user's cart (once). */
  login(email: string, password: string): Promise<AccountResult<User>>;
  /** Creates the account, then logs in (spec: "Registration success is followed by an automatic login"). */
  register(body: RegisterBody): Promise<AccountResult<User>>;
  /**
   * Clears the user, the cart, the wishlist and the checkout drafts on this device; the next guest starts clean.
   * Commands the user made and the server has not answered are kept, held until the same user logs in again.
   */
  logout(options?: { silent?: boolean }): Promise<void>;
  requestPasswordReset(email: string): Promise<AccountResult<string>>;
  confirmPasswordReset(token: string, newPassword: string): Promise<AccountResult<string>>;
  /**
   * A call to `/api/user{path}` with the user's token, through the token refresh lock: 'me', update user,
   * change password, invoice data... Answers `{ ok: false, status: 401 }` when no user is logged in.
   */
  call<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown }): Promise<AccountResult<T>>;
  /**
   * A call to any of the server's paths (the operator console's `/api/ops/…`) with the user's token, through the
   * same refresh lock, as the raw Response; undefined when no user is logged in. Throws as fetch does (offline).
   */
  send(path: string, init?: RequestInit): Promise<Response | undefined>;
}

/**
 * The client's public face: views use only this (and never call the network themselves). Besides the kernel's
 * members below, every registered feature's views (client/features.ts), by the names the features give them.
 */
export type StoreClient = KernelClient & FeatureViews;

export interface KernelClient {
  readonly db: StoreDatabase;
  /** Writes a command locally (validated with its zod schema) and returns it; replication does the rest. */
  dispatch<T extends CommandType>(type: T, payload: PayloadInputOf<T>): Promise<CommandDocument>;
  readonly syncState$: Observable<SyncState>;
  /** The owner's commands, newest first: to show results and refusals as notifications. */
  readonly commands$: Observable<CommandDocument[]>;
  /** The shopper's account: login, register, logout and the account calls. */
  readonly account: AccountSession;
  /** Resolves when every local command has a server answer (tests, benchmarks). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}
