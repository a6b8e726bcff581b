/**
 * Fixed-size bitsets over document numbers (one bit per document, 32 to a word) and sorted posting lists:
 * the embedded engine's building blocks. Plain typed arrays and arrays, nothing Node-specific.
 */

export type Bits = Uint32Array;

export const wordsFor = (bits: number): number => Math.ceil(bits / 32);

export const setBit = (bits: Bits, doc: number): void => {
  bits[doc >>> 5] = (bits[doc >>> 5] as number) | (1 << (doc & 31));
};

export const clearBit = (bits: Bits, doc: number): void => {
  bits[doc >>> 5] = (bits[doc >>> 5] as number) & ~(1 << (doc & 31));
};

export const hasBit = (bits: Bits, doc: number): boolean => (((bits[doc >>> 5] as number) >>> (doc & 31)) & 1) === 1;

/** `into` &= `other`, in place. */
export const andInto = (into: Bits, other: Bits): void => {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) & (other[i] as number);
};

/** Set bits in one word (SWAR popcount). */
const popcount32 = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
};

export const popcount = (bits: Bits): number => {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    const w = bits[i] as number;
    if (w !== 0) n += popcount32(w);
  }
  return n;
};

export const isEmpty = (bits: Bits): boolean => {
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) return false;
  return true;
};

/** A copy of `bits` with room for `words` words (longer: zero-filled; shorter: cut). */
export const resized = (bits: Bits, words: number): Bits => {
  const out = new Uint32Array(words);
  out.set(bits.length <= words ? bits : bits.subarray(0, words));
  return out;
};

/** Position of the first entry >= `value` in an ascending list. */
export const lowerBound = (list: readonly number[], value: number): number => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Inserts into an ascending list of distinct values, keeping it so (appending is the common, O(1) case). */
export const insertSorted = (list: number[], value: number): void => {
  if (list.length === 0 || (list[list.length - 1] as number) < value) {
    list.push(value);
    return;
  }
  const at = lowerBound(list, value);
  if (list[at] !== value) list.splice(at, 0, value);
};

/** Removes the first entry in [from, to) of an ascending list; returns whether one was there. */
export const removeSortedInRange = (list: number[], from: number, to: number): boolean => {
  const at = lowerBound(list, from);
  if (at >= list.length || (list[at] as number) >= to) return false;
  if (at === list.length - 1) list.pop();
  else list.splice(at, 1);
  return true;
};
