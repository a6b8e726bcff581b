/**
 * The resumable upload's decisions, pure (client/ad-photos/uploader.ts does the I/O). The protocol is tus-like:
 * `HEAD` answers how many bytes the server holds (`Upload-Offset`), each `PATCH` sends the next chunk from that
 * offset, and an offset the server does not expect is a 409 carrying the server's own, from which the device goes on.
 */

/** About half a megabyte a request: small enough for a patchy phone link to finish one, big enough to be few. */
export const CHUNK_BYTES = 512 * 1024;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** The byte range to send next, or undefined once the server holds the whole photo. */
export const nextChunk = (
  offset: number,
  length: number,
  chunkBytes: number = CHUNK_BYTES,
): { start: number; end: number } | undefined => {
  if (offset >= length) return undefined;
  const start = Math.max(0, offset);
  return { start, end: Math.min(length, start + chunkBytes) };
};

/** A header's byte count, if it is one (a proxy may strip or mangle it). */
export const parseOffset = (value: string | null | undefined): number | undefined => {
  if (value === null || value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
};

/** How long to wait before the attempt after `failures` failed ones: doubling, capped, with jitter (0.5–1×). */
export const retryDelayMs = (failures: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
};

/** What the server's answer to a HEAD or PATCH means for the upload. */
export type UploadStep =
  /** Go on from this offset (it may be the server's, after a 409 or a HEAD). */
  | { kind: 'continue'; offset: number }
  /** The server has the whole photo and has processed it. */
  | { kind: 'done' }
  /** Try again later (no network, a server error, a rate limit, an expired token). */
  | { kind: 'retry'; afterMs?: number }
  /** The server will never take this photo: not a photo, too large, not ours. */
  | { kind: 'failed'; reason: string };

export interface ServerAnswer {
  /** 0: no answer (offline, timeout, reset). */
  status: number;
  offset?: number | undefined;
  /** Seconds, from `Retry-After`. */
  retryAfterS?: number | undefined;
  /** The server's message (problem body's error), for a refusal. */
  message?: string | undefined;
}

/**
 * Reads an answer to a HEAD (`head`) or a PATCH. A HEAD of a photo the server has never seen is a 404: start at 0
 * (the first PATCH creates it). A PATCH's 404 is another owner's id, or one the server forgot: not ours to send.
 */
export const readAnswer = (answer: ServerAnswer, length: number, request: 'head' | 'patch'): UploadStep => {
  const { status, offset } = answer;
  if (status === 0) return { kind: 'retry' };
  if (request === 'head' && status === 404) return { kind: 'continue', offset: 0 };
  if ((status === 200 || status === 204 || status === 409) && offset !== undefined) {
    return offset >= length ? { kind: 'done' } : { kind: 'continue', offset };
  }
  if (status === 401 || status === 408 || status === 423 || status === 425) return { kind: 'retry' };
  if (status === 429 || status === 503) {
    return answer.retryAfterS === undefined ? { kind: 'retry' } : { kind: 'retry', afterMs: answer.retryAfterS * 1000 };
  }
  if (status >= 500) return { kind: 'retry' };
  return { kind: 'failed', reason: answer.message ?? `the server refused the photo (${status})` };
};
