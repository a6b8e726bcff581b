import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { ChallengeCheck } from '../../schema/messages/message-rules.ts';
import type { ChallengeResponse, SignedChallenge } from '../../schema/challenge/challenge.ts';
import type { Sql } from '../store/database.ts';
import type { ChallengeConfig } from './challenge-config.ts';

/**
 * ALTCHA's proof-of-work, self-hosted (altcha-lib v2): SHA-256, one iteration per try, in deterministic mode (the
 * server draws the counter, keeps nothing, and signs both the challenge and its derived key, so checking a
 * solution is two HMACs). The key that signs derived keys is apart from the challenge's own (a different
 * purpose, a different key).
 */
const ALGORITHM = 'SHA-256';
const keysOf = (key: string) => ({ hmacSignatureSecret: key, hmacKeySignatureSecret: `${key}:derived-key` });

export const issueChallenge = async (
  key: string,
  config: ChallengeConfig,
  now = Date.now(),
): Promise<SignedChallenge> => {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(config.CHALLENGE_MAX_COUNTER),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + config.CHALLENGE_TTL_S,
    ...keysOf(key),
  });
  if (!challenge.signature) throw new Error('altcha-lib returned an unsigned challenge');
  return { parameters: challenge.parameters, signature: challenge.signature } as SignedChallenge;
};

/** Whether a solution is right, for a challenge this store signed and that has not expired. Reads nothing. */
export const checkSolution = async (
  key: string,
  response: ChallengeResponse,
): Promise<Exclude<ChallengeCheck, 'used' | 'not_needed' | 'missing'>> => {
  if (response.challenge.parameters.algorithm !== ALGORITHM) return 'invalid';
  try {
    const result = await verifySolution({
      challenge: response.challenge,
      solution: response.solution,
      deriveKey,
      ...keysOf(key),
    });
    if (result.expired) return 'expired';
    return result.verified ? 'ok' : 'invalid';
  } catch {
    // A malformed value the schema let through (a key of the wrong length): not solved.
    return 'invalid';
  }
};

/**
 * Spends a verified solution: its nonce is kept until the challenge expires, so the same solution is refused
 * the second time (a replayed form). In the caller's transaction: a batch that rolls back spends nothing.
 */
export const spendChallenge = async (tx: Sql, response: ChallengeResponse): Promise<'ok' | 'used'> => {
  const expiresAt = new Date((response.challenge.parameters.expiresAt ?? 0) * 1000);
  const rows = await tx.query(
    'INSERT INTO used_challenges (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING 1',
    [response.challenge.parameters.nonce, expiresAt],
  );
  if (Math.random() < 0.01) await tx.query('DELETE FROM used_challenges WHERE expires_at < now()');
  return rows.length === 1 ? 'ok' : 'used';
};
