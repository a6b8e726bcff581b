/**
 * The self-hosted proof-of-work on the device: challenges kept ahead (challenge-pool.ts) and solved in a Web Worker
 * (solve.ts). Loaded with the message forms only, never with the first page.
 */
export { prefetchChallenges } from './challenge-pool.ts';
export { solvedChallenge } from './solve.ts';
