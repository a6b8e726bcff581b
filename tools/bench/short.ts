/**
 * The benches' short mode (`BENCH_SHORT=1`, or `--short` after the npm script's `--`): the same code paths on
 * small sizes, so CI sees a bench that no longer starts or throws (tools/bench-short.ts runs them all). Its
 * figures mean nothing; the full run prints the figures the issues name.
 */
export const SHORT = process.env['BENCH_SHORT'] === '1' || process.argv.includes('--short');

/** `full` in a real run, `short` in the short mode. */
export const sized = <T>(full: T, short: T): T => (SHORT ? short : full);
