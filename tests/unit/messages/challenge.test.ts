import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { challengeResponseSchema, type SignedChallenge } from '../../../schema/challenge/index.ts';
import { challengeConfig, checkSolution, issueChallenge } from '../../../sync-server/challenge/index.ts';

const KEY = 'k'.repeat(40);
const config = challengeConfig({ CHALLENGE_MAX_COUNTER: '500' });

const solve = async (challenge: SignedChallenge) => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  // As the device sends it: through the command's schema.
  return challengeResponseSchema.parse({
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  });
};

describe('the self-hosted proof-of-work (altcha-lib)', () => {
  it('given a challenge the store signed, when solved, then the solution checks', async () => {
    const response = await solve(await issueChallenge(KEY, config));
    expect(await checkSolution(KEY, response)).toBe('ok');
  });

  // The derived key is what is proven (its HMAC was signed with the challenge): only solving finds it.
  it('given a solution, when its derived key is changed, then it does not check', async () => {
    const response = await solve(await issueChallenge(KEY, config));
    const wrongKey = { ...response, solution: { ...response.solution, derivedKey: '00'.repeat(32) } };
    expect(await checkSolution(KEY, wrongKey)).toBe('invalid');
  });

  it('given a challenge signed with another key or with its prefix made easier, then it does not check', async () => {
    const response = await solve(await issueChallenge(KEY, config));
    expect(await checkSolution('x'.repeat(40), response)).toBe('invalid');
    const easier = {
      ...response,
      challenge: { ...response.challenge, parameters: { ...response.challenge.parameters, keyPrefix: '0' } },
    };
    expect(await checkSolution(KEY, easier)).toBe('invalid');
  });

  it('given a challenge issued longer ago than it lives, when solved, then it is expired', async () => {
    const old = await issueChallenge(KEY, config, Date.now() - (config.CHALLENGE_TTL_S + 60) * 1000);
    expect(await checkSolution(KEY, await solve(old))).toBe('expired');
  });

  it('lives a day by default, so a device can fetch one online and send offline later', async () => {
    const challenge = await issueChallenge(KEY, challengeConfig({}));
    const lifetime = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(86_400 - 60);
    expect(lifetime).toBeLessThanOrEqual(86_400);
  });
});
