import { z } from 'zod';

/**
 * What the store can keep. PostgreSQL (and PGlite) refuse a NUL character in text and jsonb, and a lone UTF-16
 * surrogate (half of a pair, which JavaScript strings allow and UTF-8 cannot encode); JSON has no numbers for
 * NaN and ±Infinity (JSON.parse turns `1e999` into Infinity, which JSON.stringify writes as null). Such a value
 * is refused at the boundary, naming the field, before it reaches a statement: a statement that fails on it
 * would fail every time the same input is retried.
 */

/**
 * A NUL or a lone surrogate: with the `u` flag a string is read by code points, so a surrogate pair is one code
 * point above U+FFFF and only an unpaired half falls in the range.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE_CHARACTER = /[\u0000\ud800-\udfff]/u;
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE_CHARACTERS = /[\u0000\ud800-\udfff]/gu;

export const UNSTORABLE_TEXT_MESSAGE = 'holds a character the store cannot keep (NUL or a lone UTF-16 surrogate)';

export const isStorableText = (text: string): boolean => !UNSTORABLE_CHARACTER.test(text);

/** Text with every unstorable character replaced by U+FFFD, as a decoder shows bytes it cannot read. */
export const storableText = (text: string): string => text.replace(UNSTORABLE_CHARACTERS, '\ufffd');

/** A string the store can keep; use it for every string a request writes. */
export const storableString = () => z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });

/** JSON deeper than this is refused: no payload of ours nests more than a few levels. */
export const STORABLE_JSON_DEPTH_MAX = 32;

export interface UnstorableValue {
  /** Path to the bad value (a bad key: to the object holding it), from the checked value. */
  path: (string | number)[];
  message: string;
}

/**
 * The first value in parsed JSON the store cannot keep: a string or an object key with an unstorable character,
 * a number JSON cannot hold, anything JSON cannot write (a bigint, a function), or nesting deeper than
 * STORABLE_JSON_DEPTH_MAX. An undefined field is absent, as JSON.stringify leaves it out. Walks without recursion, so no input can exhaust the stack.
 */
export const findUnstorable = (value: unknown): UnstorableValue | undefined => {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: at, path } = stack.pop()!;
    if (path.length > STORABLE_JSON_DEPTH_MAX) {
      return { path, message: `nests deeper than ${STORABLE_JSON_DEPTH_MAX} levels` };
    }
    if (typeof at === 'string') {
      if (!isStorableText(at)) return { path, message: UNSTORABLE_TEXT_MESSAGE };
    } else if (typeof at === 'number') {
      if (!Number.isFinite(at)) return { path, message: 'is a number JSON cannot hold' };
    } else if (Array.isArray(at)) {
      for (let i = at.length - 1; i >= 0; i -= 1) stack.push({ value: at[i], path: [...path, i] });
    } else if (at !== null && typeof at === 'object') {
      const entries = Object.entries(at);
      for (const [key] of entries) {
        if (!isStorableText(key)) return { path, message: `has a key that ${UNSTORABLE_TEXT_MESSAGE}` };
      }
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
      }
    } else if (at !== null && at !== undefined && typeof at !== 'boolean') {
      return { path, message: 'is not a JSON value' };
    }
  }
  return undefined;
};

/**
 * The value made storable: unstorable characters in strings and keys replaced (storableText), numbers JSON
 * cannot hold and non-JSON values as null, nesting beyond STORABLE_JSON_DEPTH_MAX as null.
 */
export const toStorableJson = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null || value === undefined) return value;
  if (depth >= STORABLE_JSON_DEPTH_MAX || typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.map((item) => toStorableJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storableText(key), toStorableJson(item, depth + 1)]),
  );
};
