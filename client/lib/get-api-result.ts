import { takeBootAnswer } from './boot-answers.ts';

/** Longer than a slow-4G answer of a page's first data, short enough to fall back to the device in time. */
export const API_TIMEOUT_MS = 8000;

/**
 * GET an API path's `result` (the `{ code, result }` answer): the embedded answer when there is one, else the
 * network within API_TIMEOUT_MS. Null for an answer that is not OK, a dropped link, a timeout or `signal`.
 */
export const getApiResult = async (path: string, signal?: AbortSignal): Promise<unknown> => {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  try {
    const body = (takeBootAnswer(path) ??
      (await fetch(path, {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }).then((response) => (response.ok ? (response.json() as Promise<unknown>) : null)))) as {
      result?: unknown;
    } | null;
    return body?.result ?? null;
  } catch {
    return null;
  }
};
