import { z } from 'zod';

/**
 * The spec's `recaptcha_response`, served by a self-hosted proof-of-work challenge (ALTCHA, altcha-lib v2) instead of
 * a third party: the server signs a challenge (GET /api/challenge), the device finds the counter whose derived key
 * starts with the challenge's prefix and sends challenge and solution with the command. No cookie, no tracking, and
 * it can be solved offline: a challenge lives long enough (a day) to be fetched online and used later.
 *
 * The shapes are bounded here so a forged payload is refused at the boundary, before any hashing.
 */
const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]*$/i, 'must be hexadecimal');

export const challengeParametersSchema = z
  .object({
    algorithm: z.string().max(20),
    nonce: hex(64).min(16),
    salt: hex(64).min(16),
    cost: z.number().int().min(1).max(1_000_000),
    keyLength: z.number().int().min(8).max(64),
    keyPrefix: hex(128).min(1),
    keySignature: hex(128).optional(),
    memoryCost: z.number().int().min(0).max(1_000_000).optional(),
    parallelism: z.number().int().min(0).max(64).optional(),
    expiresAt: z.number().int().min(0).optional(),
    data: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  })
  .strict();

export const challengeSchema = z.object({ parameters: challengeParametersSchema, signature: hex(128).min(1) }).strict();
export type SignedChallenge = z.infer<typeof challengeSchema>;

export const challengeSolutionSchema = z
  .object({
    counter: z.number().int().min(0).max(4_294_967_295),
    derivedKey: hex(128).min(1),
    time: z.number().min(0).max(86_400_000).optional(),
  })
  .strict();

/** What a guest's message carries as its `recaptcha_response`: the challenge as the server signed it, and its solution. */
export const challengeResponseSchema = z
  .object({ challenge: challengeSchema, solution: challengeSolutionSchema })
  .strict();
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** GET /api/challenge answers `{ code: 200, result: SignedChallenge }`. */
export const challengeAnswerSchema = z.object({ code: z.literal(200), result: challengeSchema });
