import { z } from 'zod';

/**
 * The credit providers' endpoint from the environment, optional as a group: with neither variable set, buying on
 * credit is off; with one of them only, the server refuses to start naming the other (a half-configured provider
 * would fail only when a shopper applies). Pointing the store at a real provider instead of the simulator is these
 * variables only.
 */
export const creditConfigSchema = z.object({
  /** The credit providers' API base address (the simulator's: simulators/credit). */
  CREDIT_URL: z.url().optional(),
  /** The merchant's API key with the provider, sent as a bearer token. */
  CREDIT_API_KEY: z.string().min(1).optional(),
  /** How long a call may take before it counts as in doubt (the hub's reconciler asks again later). */
  CREDIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type CreditEnv = z.infer<typeof creditConfigSchema>;

export interface CreditConfig {
  readonly url: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
}

/** Undefined when credit is off, the config when complete; throws naming the variable when half set or invalid. */
export const loadCreditConfig = (env: Readonly<Record<string, string | undefined>>): CreditConfig | undefined => {
  const parsed = creditConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'CREDIT')}: ${issue?.message ?? 'invalid'}`);
  }
  const { CREDIT_URL: url, CREDIT_API_KEY: apiKey, CREDIT_TIMEOUT_MS: timeoutMs } = parsed.data;
  if (url === undefined && apiKey === undefined) return undefined;
  if (url === undefined) throw new Error('credit half configured: set CREDIT_URL');
  if (apiKey === undefined) throw new Error('credit half configured: set CREDIT_API_KEY');
  return { url: url.replace(/\/+$/, ''), apiKey, timeoutMs };
};
