import { parseOffset, type ServerAnswer } from './upload-plan.ts';

/** A chunk on a slow phone link: 512 KB at 256 kbit/s is 16 s; more is a dead link, and the next try resumes. */
const TIMEOUT_MS = 45_000;

/** `base`: the sync server's origin ('' for the page's own). */
const url = (base: string, id: string): string => `${base}/api/ad-photos/${encodeURIComponent(id)}`;

const messageOf = async (response: Response): Promise<string | undefined> => {
  try {
    const body = (await response.json()) as { result?: { error?: unknown } } | null;
    const error = body?.result?.error;
    return typeof error === 'string' ? error.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
};

const answerOf = async (response: Response): Promise<ServerAnswer> => {
  const retryAfter = parseOffset(response.headers.get('retry-after'));
  return {
    status: response.status,
    offset: parseOffset(response.headers.get('upload-offset')),
    retryAfterS: retryAfter,
    message: response.ok || response.status === 409 ? undefined : await messageOf(response),
  };
};

const ask = async (input: string, init: RequestInit): Promise<ServerAnswer> => {
  try {
    return await answerOf(await fetch(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));
  } catch {
    return { status: 0 };
  }
};

/** `HEAD`: how many of the photo's bytes the server holds. */
export const askOffset = (base: string, id: string, token: string): Promise<ServerAnswer> =>
  ask(url(base, id), { method: 'HEAD', headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });

/** `PATCH`: the next chunk, from `offset`, of a photo of `length` bytes. */
export const sendChunk = (
  base: string,
  id: string,
  token: string,
  chunk: { offset: number; length: number; bytes: Blob },
): Promise<ServerAnswer> =>
  ask(url(base, id), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(chunk.offset),
      'upload-length': String(chunk.length),
    },
    body: chunk.bytes,
  });
