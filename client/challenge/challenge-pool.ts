import { challengeAnswerSchema, challengeSchema, type SignedChallenge } from '../../schema/challenge/challenge.ts';
import { getApiResult } from '../lib/get-api-result.ts';

/**
 * Challenges fetched ahead (GET /api/challenge) and kept on the device, so a guest's form can be sent offline: a
 * challenge lives a day and is solved on the device, with no network. Each is used once (the server refuses a
 * second use), so one is taken out of the pool when a message is sent. Kept in localStorage, shared by the tabs.
 */
const STORAGE_KEY = 'store:challenges';
/** Enough for a few messages in a row offline; each costs the server nothing to issue. */
const POOL_SIZE = 3;
/** A challenge this close to expiry is not used: the message may wait in the queue a while before it runs. */
const MARGIN_S = 3600;

const read = (): SignedChallenge[] => {
  try {
    const parsed = challengeSchema
      .array()
      .max(20)
      .safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
    const now = Date.now() / 1000;
    return parsed.success ? parsed.data.filter((c) => (c.parameters.expiresAt ?? 0) - MARGIN_S > now) : [];
  } catch {
    return [];
  }
};

const write = (pool: readonly SignedChallenge[]): void => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(pool));
  } catch {
    // No storage: the form fetches one when it is sent.
  }
};

const fetchOne = async (): Promise<SignedChallenge | undefined> => {
  const parsed = challengeAnswerSchema.shape.result.safeParse(await getApiResult('/api/challenge'));
  return parsed.success ? parsed.data : undefined;
};

let filling: Promise<void> | undefined;

/** Tops the pool up while online (a form opening calls it). */
export const prefetchChallenges = (): Promise<void> => {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
  filling ??= (async () => {
    try {
      for (let pool = read(); pool.length < POOL_SIZE; pool = read()) {
        const challenge = await fetchOne();
        if (!challenge) return;
        write([...read(), challenge]);
      }
    } finally {
      filling = undefined;
    }
  })();
  return filling;
};

/** A challenge to solve for one message: taken out of the pool, or fetched now; undefined offline with none kept. */
export const takeChallenge = async (): Promise<SignedChallenge | undefined> => {
  const [first, ...rest] = read();
  if (first) {
    write(rest);
    void prefetchChallenges();
    return first;
  }
  return fetchOne();
};
