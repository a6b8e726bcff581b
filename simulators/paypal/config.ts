import { z } from 'zod';

/** The simulator's environment: where it listens and the one REST app (client id and secret) it accepts. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  PAYPAL_SIM_CLIENT_ID: z.string().min(1).max(200),
  PAYPAL_SIM_SECRET: z.string().min(1).max(200),
  /** The merchant's name shown on the approve page. */
  PAYPAL_SIM_MERCHANT: z.string().min(1).max(127).default('Apple Store България'),
  /** An access token's life; PayPal's is 9 hours (32,400 s). */
  PAYPAL_SIM_TOKEN_TTL_S: z.coerce.number().int().min(1).max(86_400).default(32_400),
});

export type SimConfig = z.infer<typeof envSchema>;

export const loadSimConfig = (env: NodeJS.ProcessEnv): SimConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid PayPal simulator configuration: ${problems}`);
  }
  return parsed.data;
};
