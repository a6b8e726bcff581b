import { sized } from './short.ts';

/** A positive whole number from the environment, or the default: the benches' knobs. */
export const envInt = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Shared by the Node and the browser bench, so both measure the same amount of work. */
export const SAMPLES = envInt('BENCH_SAMPLES', sized(200, 3));
export const WARMUP = envInt('BENCH_WARMUP', sized(20, 1));
export const DRAIN_N = envInt('BENCH_DRAIN_N', sized(1000, 20));
