import { z } from 'zod';

/** Environment configuration, validated at start: a bad value stops the server with the variable named. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist'),
  EXECUTOR: z.enum(['on', 'off']).default('on'),
  /**
   * What an empty catalogue is seeded with at start: 'generated' loads the snapshot in CATALOG_DIR (written
   * by tools/catalog/generate.ts; the demo catalogue when the folder is missing), 'demo' the small demo
   * catalogue (tests), 'none' nothing (a shop that imports its own).
   */
  SEED: z.enum(['generated', 'demo', 'none']).default('generated'),
  CATALOG_DIR: z.string().min(1).default('.data/catalog'),
  SEARCH_ENGINE: z.enum(['embedded', 'elasticsearch']).default('embedded'),
  /** Elasticsearch's address; required when SEARCH_ENGINE is 'elasticsearch'. */
  ES_URL: z.url().optional(),
  /** Above this many products the catalogue is not replicated to devices (they search online instead). */
  OFFLINE_CATALOG_MAX_PRODUCTS: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /** The shop's office address, sent as `office_ip` by /api/catalog/init (the client flags admins by it). */
  OFFICE_IP: z.string().max(100).default(''),
  /** How often an idle live stream sends a heartbeat; clients treat 2.5 silent beats as a dead link. */
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** A user's access token lives this long; the refresh token renews it (and rotates). */
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A session without activity ends after this long: the next refresh fails and the user logs in again. */
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).max(31_536_000).default(2_592_000),
});

export type ServerConfig = z.infer<typeof envSchema>;

/** Settings that only make sense together. */
const checkedEnvSchema = envSchema.refine((c) => c.SEARCH_ENGINE !== 'elasticsearch' || c.ES_URL !== undefined, {
  path: ['ES_URL'],
  message: "ES_URL is required when SEARCH_ENGINE is 'elasticsearch'",
});

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
};
