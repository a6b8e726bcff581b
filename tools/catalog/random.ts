/**
 * A tiny seeded PRNG (mulberry32) and the few helpers the generator needs. Same seed, same sequence, on every
 * platform: the generator draws from one stream in a fixed order, so a seed fixes the whole catalogue.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Index chosen with the given non-negative weights. */
  weighted(weights: readonly number[]): number;
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability) => next() < probability,
    weighted: (weights) => {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < weights.length; i += 1) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
  };
};

/** `items[i % length]`, typed for `noUncheckedIndexedAccess`; the list must not be empty. */
export const cycle = <T>(items: readonly T[], i: number): T => {
  if (items.length === 0) throw new Error('cycle through an empty list');
  return items[((i % items.length) + items.length) % items.length] as T;
};
