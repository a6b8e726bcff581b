import { z } from 'zod';

/** Environment configuration, validated at start: a bad value stops the server with the variable named. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist'),
  EXECUTOR: z.enum(['on', 'off']).default('on'),
  SEED_DEMO: z.enum(['on', 'off']).default('on'),
  /** How often an idle live stream sends a heartbeat; clients treat 2.5 silent beats as a dead link. */
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
});

export type ServerConfig = z.infer<typeof envSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};
