import { challengeSolutionSchema, type ChallengeResponse } from '../../schema/challenge/challenge.ts';
import { takeChallenge } from './challenge-pool.ts';

/** Beyond this the solver has gone wrong (the server's challenges take well under a second on a phone). */
const SOLVE_TIMEOUT_MS = 60_000;

const inWorker = (challenge: unknown): Promise<unknown> =>
  new Promise((resolve) => {
    const worker = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
    const done = (value: unknown) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), SOLVE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<unknown>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });

/**
 * The `recaptcha_response` of a guest's message: a challenge from the pool, solved on the device (in a Web
 * Worker), offline too. Undefined when none could be had (offline with none kept) or it could not be solved.
 */
export const solvedChallenge = async (): Promise<ChallengeResponse | undefined> => {
  const challenge = await takeChallenge();
  if (!challenge) return undefined;
  const solution = challengeSolutionSchema.safeParse(await inWorker(challenge));
  return solution.success ? { challenge, solution: solution.data } : undefined;
};
