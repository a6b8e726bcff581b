/**
 * The Node flags the server runs with, wherever it is started: `npm start` (tools/payments/launch.ts), bench:streams
 * and `npm run serve` (the production build; package.json cannot import them, so it spells them out, and
 * tests/unit/server-node-flags.test.ts keeps the two the same; deploy/ does the same).
 *
 * --max-semi-space-size=64 (MB; Node 20's default is 16): the young generation where a push's short-lived objects
 * die. With the default, what a push left alive when a scavenge came was promoted, about 10 MB/s at 200 pushes/s,
 * so the old generation filled every 8 s; each of its collections marks the whole live heap, 165 MB with 19,000
 * live streams, and held the pushes behind it for 90 to 140 ms (bench:streams, issue 15, their p99). With 64 MB the
 * old generation is collected about every 13 s; its cost is memory, 3 × 48 MB more reserved.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
