import type { z } from 'zod';
import type { AccountSession } from '../store/index.ts';

/** An answer of the console's API: the parsed value, or why not (status 0: the server could not be reached). */
export type OpsAnswer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export interface OpsRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 20_000;

/** The server's answers are `{ code, result }` (sync-server/http/respond.ts); a refusal's result names the error. */
const resultOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'result' in body && 'code' in body
    ? (body as { result: unknown }).result
    : body;

const messageOf = (body: unknown, status: number): string => {
  const result = resultOf(body);
  if (typeof result === 'string') return result;
  if (result !== null && typeof result === 'object') {
    const { error, message } = result as { error?: unknown; message?: unknown };
    if (typeof error === 'string') return error;
    if (typeof message === 'string') return message;
  }
  return `HTTP ${status}`;
};

/**
 * One call of the console's API with the operator's token (the shop's session, through its refresh lock), its
 * answer checked with `schema`: a server that answers another shape is a refusal here, never a half-drawn page.
 */
export const opsRequest = async <S extends z.ZodType>(
  session: AccountSession,
  path: string,
  schema: S,
  { method, body, signal }: OpsRequest = {},
): Promise<OpsAnswer<z.infer<S>>> => {
  let response: Response | undefined;
  try {
    response = await session.send(path, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: 'offline' };
  }
  if (!response) return { ok: false, status: 401, message: 'not logged in' };
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return { ok: false, status: response.status, message: messageOf(json, response.status) };
  const parsed = schema.safeParse(resultOf(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, status: 502, message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'bad answer'}` };
  }
  return { ok: true, value: parsed.data };
};

/** A query string of the set values only, in a stable order (the URL and the API see the same filter). */
export const queryOf = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
