import { z } from 'zod';

/**
 * The proof-of-work's settings (environment, read when used, so a test can set them before it starts a server):
 * `CHALLENGE_HMAC_KEY` signs challenges (unset: one is made once and kept in the store, see challenge-key.ts);
 * a challenge is valid `CHALLENGE_TTL_S` (a day by default: a device fetches one online and may use it offline
 * later); the secret counter is drawn below `CHALLENGE_MAX_COUNTER`, so a device tries half of that many SHA-256
 * hashes on average (50,000: well under a second in a phone's browser, a cost per message a flood has to pay).
 */
export const challengeEnvSchema = z.object({
  CHALLENGE_HMAC_KEY: z.string().min(32).max(200).optional(),
  CHALLENGE_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(86_400),
  CHALLENGE_MAX_COUNTER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
});
export type ChallengeConfig = z.infer<typeof challengeEnvSchema>;

export const challengeConfig = (env: NodeJS.ProcessEnv = process.env): ChallengeConfig => {
  const parsed = challengeEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};
