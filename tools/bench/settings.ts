/** A positive whole number from the environment, or the default: the benches' knobs. */
export const envInt = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Shared by the Node and the browser bench, so both measure the same amount of work. */
export const SAMPLES = envInt('BENCH_SAMPLES', 200);
export const WARMUP = envInt('BENCH_WARMUP', 20);
export const DRAIN_N = envInt('BENCH_DRAIN_N', 1000);
