/**
 * Device-to-device latency costs an index probe per command and other device of its owner: a week of a million
 * commands with three devices each is two million probes, 6 to 8 s of PostgreSQL's time (2 cores; PGlite is slower
 * per probe). Past this many commands received in the range it is measured on a random sample of about this many
 * (about a second for a week either way, like the execution percentiles beside it): at a pixel per bucket a p50
 * and p95 drawn from a sample read the same, and the page says it is one.
 */
export const DEVICE_TO_DEVICE_SAMPLE = 50_000;

/** 1: every command is measured; n: about one in n, `received` being the commands received in the range. */
export const sampleEvery = (received: number, sample = DEVICE_TO_DEVICE_SAMPLE): number =>
  Math.max(1, Math.ceil(received / Math.max(1, sample)));
