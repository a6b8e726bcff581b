import type { RegisterBody, User } from '../../schema/index.ts';
import type { AccountResult } from './store-client-types.ts';

/** What login and refresh answer: the spec's `result: token`, `meta: { refreshToken }`, plus our expiry. */
export interface IssuedTokens {
  token: string;
  refreshToken: string;
  expiresAt: number;
  cartMerged: boolean;
  /** The user, when the login answers it (`meta.user`): the login then needs no second call to /me. */
  user?: User;
}

export interface AccountApi {
  /** `bearer`: the device's guest token, so the server folds the guest cart into the user's (once). */
  login(email: string, password: string, bearer: string | undefined): Promise<AccountResult<IssuedTokens>>;
  register(body: RegisterBody): Promise<AccountResult<User>>;
  refresh(refreshToken: string): Promise<AccountResult<IssuedTokens>>;
  logout(token: string): Promise<AccountResult<unknown>>;
  me(token: string): Promise<AccountResult<User>>;
  /** Any account call with a token: `/api/user{path}`. */
  call<T>(
    path: string,
    token: string | undefined,
    init?: { method?: 'GET' | 'POST'; body?: unknown },
  ): Promise<AccountResult<T>>;
  /**
   * Any call to the server's own paths (`/api/ops/…`) with a token, answered as the raw Response: the operator
   * console reads its JSON, CSV and event streams itself. Throws as fetch does (offline, aborted).
   */
  send(path: string, token: string, init?: RequestInit): Promise<Response>;
}

interface Answer {
  code?: number;
  result?: unknown;
  meta?: { refreshToken?: string; expiresAt?: number; cartMerged?: boolean; user?: User };
}

const REQUEST_TIMEOUT_MS = 20_000;

/** The spec's user calls (commerce.md section 7) over fetch; every answer is `{ code, result }`. */
export const createAccountApi = (baseUrl: string, fetchFn: typeof fetch = globalThis.fetch): AccountApi => {
  const request = async (
    path: string,
    token: string | undefined,
    init: { method?: 'GET' | 'POST'; body?: unknown } = {},
  ): Promise<{ status: number; answer: Answer }> => {
    const response = await fetchFn(`${baseUrl}/api/user${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = ((await response.json().catch(() => undefined)) ?? {}) as Answer;
    return { status: response.status, answer };
  };

  const result = <T>({ status, answer }: { status: number; answer: Answer }): AccountResult<T> => {
    if (status >= 200 && status < 300) return { ok: true, result: answer.result as T };
    const problem = answer.result as { error?: string; field?: string } | string | undefined;
    const message = typeof problem === 'string' ? problem : (problem?.error ?? `HTTP ${status}`);
    const field = typeof problem === 'object' ? problem.field : undefined;
    return { ok: false, status, message, ...(field ? { field } : {}) };
  };

  const tokens = (answered: { status: number; answer: Answer }): AccountResult<IssuedTokens> => {
    const parsed = result<string>(answered);
    if (!parsed.ok) return parsed;
    const meta = answered.answer.meta ?? {};
    if (!meta.refreshToken || typeof meta.expiresAt !== 'number') {
      return { ok: false, status: 502, message: 'Unhandled error, wrong response format!' };
    }
    return {
      ok: true,
      result: {
        token: parsed.result,
        refreshToken: meta.refreshToken,
        expiresAt: meta.expiresAt,
        cartMerged: meta.cartMerged === true,
        ...(meta.user ? { user: meta.user } : {}),
      },
    };
  };

  return {
    login: async (email, password, bearer) =>
      tokens(await request('/login', bearer, { body: { username: email, password } })),
    register: async (body) => result<User>(await request('/create', undefined, { body })),
    refresh: async (refreshToken) => tokens(await request('/refresh', undefined, { body: { refreshToken } })),
    logout: async (token) => result(await request('/logout', token, { method: 'POST' })),
    me: async (token) => result<User>(await request('/me', token)),
    call: async (path, token, init) => result(await request(path, token, init)),
    send: (path, token, init = {}) =>
      fetchFn(`${baseUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
      }),
  };
};
