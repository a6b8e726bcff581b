import { z } from 'zod';
import { priceDisplaySchema } from '../schema/catalog/rules/price-display.ts';
import { challengeEnvSchema } from './challenge/challenge-config.ts';
import { loadConfig, serverEnvSchema } from './config.ts';
import { creditConfigSchema } from './credit/credit-config.ts';
import { messagesEnvSchema } from './messages/messages-config.ts';
import { boricaConfigSchema } from './payments/borica/borica-config.ts';
import { payPalConfigSchema } from './payments/paypal/paypal-config.ts';
import { hardeningSchema, loadHardeningConfig } from './sync/stream-limits.ts';

/** What the process itself reads beside the server's settings. */
const processEnvSchema = z.object({
  /** `production`: no demo admin, Express's production behaviour (`npm run serve` sets it). */
  NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
  /** `on` (set by `npm start`): make a demo admin on the first start and print its login once. */
  DEMO_ADMIN: z.enum(['on', 'off']).optional(),
  /** How the AMP pages show prices, as the client's build does: EUR (leva beside, the default), EUR-only, BGN. */
  VITE_PRICE_DISPLAY: priceDisplaySchema.optional(),
});

/**
 * Every group of environment variables the server reads, each validated by the schema its feature owns. The README's
 * table lists exactly these (tests/unit/environment-table.test.ts), so a new variable is documented or CI is red.
 */
export const ENVIRONMENT_SCHEMAS = {
  server: serverEnvSchema,
  hardening: hardeningSchema,
  challenge: challengeEnvSchema,
  messages: messagesEnvSchema,
  borica: boricaConfigSchema,
  paypal: payPalConfigSchema,
  credit: creditConfigSchema,
  process: processEnvSchema,
} as const;

/** Every variable's name, sorted. */
export const environmentVariableNames = (): string[] =>
  Object.values(ENVIRONMENT_SCHEMAS)
    .flatMap((schema) => Object.keys(schema.shape))
    .sort();

const problemsOf = (run: () => unknown): string[] => {
  try {
    run();
    return [];
  } catch (error) {
    return [(error as Error).message.replace(/^Invalid configuration: /, '')];
  }
};

/**
 * The server's whole configuration, checked at start: every group (the messages' and the challenge's too, which
 * their features read again when used), with every problem named at once, so a bad value stops the process before
 * it listens rather than failing a shopper's first message.
 */
export const loadServerEnvironment = (
  env: NodeJS.ProcessEnv = process.env,
): ReturnType<typeof loadConfig> & ReturnType<typeof loadHardeningConfig> => {
  const problems = [
    ...problemsOf(() => loadConfig(env)),
    ...problemsOf(() => loadHardeningConfig(env)),
    ...(['challenge', 'messages', 'process'] as const).flatMap((group) =>
      problemsOf(() => {
        const parsed = ENVIRONMENT_SCHEMAS[group].safeParse(env);
        if (!parsed.success)
          throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      }),
    ),
  ];
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return { ...loadConfig(env), ...loadHardeningConfig(env) };
};
