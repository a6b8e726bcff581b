import { describe, expect, it } from 'vitest';
import {
  CHUNK_BYTES,
  nextChunk,
  parseOffset,
  readAnswer,
  retryDelayMs,
} from '../../../client/ad-photos/upload-plan.ts';

describe('ad photo upload: the next chunk', () => {
  it('sends a photo in 512 KB chunks, the last one short, and nothing once the server holds it all', () => {
    const length = 2 * CHUNK_BYTES + 100;
    expect(nextChunk(0, length)).toEqual({ start: 0, end: CHUNK_BYTES });
    expect(nextChunk(CHUNK_BYTES, length)).toEqual({ start: CHUNK_BYTES, end: 2 * CHUNK_BYTES });
    expect(nextChunk(2 * CHUNK_BYTES, length)).toEqual({ start: 2 * CHUNK_BYTES, end: length });
    expect(nextChunk(length, length)).toBeUndefined();
  });

  it('resumes from whatever offset the server holds, even one between chunk boundaries', () => {
    expect(nextChunk(1000, 3000, 1024)).toEqual({ start: 1000, end: 2024 });
  });

  it('a photo smaller than a chunk is one request', () => {
    expect(nextChunk(0, 10)).toEqual({ start: 0, end: 10 });
  });
});

describe('ad photo upload: reading the server', () => {
  it('takes only whole byte counts from headers', () => {
    expect(parseOffset('524288')).toBe(524288);
    expect(parseOffset(' 12 ')).toBe(12);
    expect(parseOffset(null)).toBeUndefined();
    expect(parseOffset('-1')).toBeUndefined();
    expect(parseOffset('1e6')).toBeUndefined();
    expect(parseOffset('')).toBeUndefined();
  });

  it('a HEAD of a photo the server has never seen starts at 0; one it holds part of resumes there', () => {
    expect(readAnswer({ status: 404 }, 5000, 'head')).toEqual({ kind: 'continue', offset: 0 });
    expect(readAnswer({ status: 200, offset: 2048 }, 5000, 'head')).toEqual({ kind: 'continue', offset: 2048 });
    expect(readAnswer({ status: 200, offset: 5000 }, 5000, 'head')).toEqual({ kind: 'done' });
  });

  it("a 409 resumes from the server's offset, a 204 goes on, the last 204 is done", () => {
    expect(readAnswer({ status: 409, offset: 1024 }, 5000, 'patch')).toEqual({ kind: 'continue', offset: 1024 });
    expect(readAnswer({ status: 204, offset: 4096 }, 5000, 'patch')).toEqual({ kind: 'continue', offset: 4096 });
    expect(readAnswer({ status: 204, offset: 5000 }, 5000, 'patch')).toEqual({ kind: 'done' });
  });

  it('no answer, a server error, an expired token or a rate limit are tried again; the limit says when', () => {
    expect(readAnswer({ status: 0 }, 5000, 'patch')).toEqual({ kind: 'retry' });
    expect(readAnswer({ status: 502 }, 5000, 'patch')).toEqual({ kind: 'retry' });
    expect(readAnswer({ status: 401 }, 5000, 'head')).toEqual({ kind: 'retry' });
    expect(readAnswer({ status: 429, retryAfterS: 30 }, 5000, 'patch')).toEqual({ kind: 'retry', afterMs: 30_000 });
    expect(readAnswer({ status: 503, retryAfterS: 5 }, 5000, 'patch')).toEqual({ kind: 'retry', afterMs: 5_000 });
  });

  it("a file the server will never take fails with the server's reason; a PATCH's 404 is not ours to send", () => {
    expect(readAnswer({ status: 415, message: 'photo must be a JPEG, PNG or WebP photo' }, 5000, 'patch')).toEqual({
      kind: 'failed',
      reason: 'photo must be a JPEG, PNG or WebP photo',
    });
    expect(readAnswer({ status: 413 }, 5000, 'patch').kind).toBe('failed');
    expect(readAnswer({ status: 404 }, 5000, 'patch').kind).toBe('failed');
    // A 409 without an offset is not one to resume from.
    expect(readAnswer({ status: 409 }, 5000, 'patch').kind).toBe('failed');
  });
});

describe('ad photo upload: backoff', () => {
  it('doubles from about a second, with jitter, and stops growing at a minute', () => {
    expect(retryDelayMs(0, () => 1)).toBe(1_000);
    expect(retryDelayMs(1, () => 1)).toBe(2_000);
    expect(retryDelayMs(3, () => 1)).toBe(8_000);
    expect(retryDelayMs(3, () => 0)).toBe(4_000);
    expect(retryDelayMs(30, () => 1)).toBe(60_000);
  });
});
