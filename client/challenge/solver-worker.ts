import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { SignedChallenge } from '../../schema/challenge/challenge.ts';

/**
 * Solves one challenge off the main thread (WebCrypto SHA-256, a few tens of thousands of tries), so the page keeps
 * answering taps meanwhile. Answers `{ counter, derivedKey }`, or null when it cannot. Its one caller is this page
 * (solve.ts), which posts a challenge the pool checked with its schema and checks the answer with its own: no zod
 * here, so the worker is altcha-lib alone.
 */
self.onmessage = (event: MessageEvent<SignedChallenge>) => {
  void solveChallenge({ challenge: event.data, deriveKey }).then(
    (solution) => self.postMessage(solution ? { counter: solution.counter, derivedKey: solution.derivedKey } : null),
    () => self.postMessage(null),
  );
};
