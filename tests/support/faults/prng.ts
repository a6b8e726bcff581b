import { createRandom, type Random } from '../../../tools/catalog/random.ts';

/**
 * The fault harness's randomness: the catalogue generator's seeded mulberry32 (tools/catalog/random.ts), one per
 * run, so a run's schedule of intents and faults is a function of its seed alone and
 * `npm run faults -- --runs 1 --seed S` plays it again.
 */
export type Prng = Random;
export const seededPrng: (seed: number) => Prng = createRandom;
