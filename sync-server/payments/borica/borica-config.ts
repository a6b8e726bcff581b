import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The card gateway's configuration from the environment. All of it is optional as a group: with none of it set,
 * card payments are off; with some of it set, the server refuses to start and names what is missing, since a half
 * configured terminal would fail only when a shopper pays. Pointing the store at BORICA's real gateway instead of
 * the simulator is these variables only.
 */
export const boricaConfigSchema = z.object({
  /** The gateway's base address: `https://3dsgate-dev.borica.bg`, or the simulator's. */
  BORICA_URL: z.url().optional(),
  BORICA_TERMINAL: z
    .string()
    .regex(/^[A-Za-z0-9]{8}$/, 'eight letters or digits')
    .optional(),
  BORICA_MERCHANT: z
    .string()
    .regex(/^[0-9]{10}$/, 'ten digits')
    .optional(),
  BORICA_MERCH_NAME: z.string().min(1).max(80).optional(),
  BORICA_MERCH_URL: z.url().optional(),
  /** The merchant's RSA private key: a PEM, or the path of a PEM file. */
  BORICA_MERCHANT_KEY: z.string().min(1).optional(),
  /** BORICA's public key for the terminal's answers: a PEM (key or certificate), or the path of one. */
  BORICA_GATEWAY_PUBLIC_KEY: z.string().min(1).optional(),
  /** Where BORICA sends the merchant's transaction notices (the form's EMAIL); not sent when unset. */
  BORICA_MERCHANT_EMAIL: z.email().optional(),
  /** How long a server-side call (TRTYPE 90, 24) may take before it counts as in doubt. */
  BORICA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type BoricaEnv = z.infer<typeof boricaConfigSchema>;

/** A complete terminal configuration, keys read and checked. */
export interface BoricaConfig {
  readonly url: string;
  readonly terminal: string;
  readonly merchant: string;
  readonly merchantName: string;
  readonly merchantUrl: string;
  readonly merchantEmail?: string;
  readonly merchantKeyPem: string;
  readonly gatewayPublicKeyPem: string;
  readonly timeoutMs: number;
}

const REQUIRED = [
  'BORICA_URL',
  'BORICA_TERMINAL',
  'BORICA_MERCHANT',
  'BORICA_MERCH_NAME',
  'BORICA_MERCH_URL',
  'BORICA_MERCHANT_KEY',
  'BORICA_GATEWAY_PUBLIC_KEY',
] as const;

/** A PEM given inline (with real or `\n`-escaped line breaks, as env files carry them) or as a file's path. */
const pemOf = (value: string, readFile: (path: string) => string): string =>
  value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFile(value);

/**
 * Reads the terminal's configuration: undefined when card payments are off, a BoricaConfig when complete; throws
 * naming the variable when incomplete or when a key does not parse.
 */
export const loadBoricaConfig = (
  env: Readonly<Record<string, string | undefined>>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): BoricaConfig | undefined => {
  const parsed = boricaConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'BORICA')}: ${issue?.message ?? 'invalid'}`);
  }
  const value = parsed.data;
  const missing = REQUIRED.filter((name) => value[name] === undefined);
  if (missing.length === REQUIRED.length) return undefined;
  if (missing.length > 0) throw new Error(`card payments half configured: set ${missing.join(', ')}`);
  const keyOf = (name: 'BORICA_MERCHANT_KEY' | 'BORICA_GATEWAY_PUBLIC_KEY', check: (pem: string) => unknown) => {
    try {
      const pem = pemOf(value[name] ?? '', readFile);
      check(pem);
      return pem;
    } catch (error) {
      throw new Error(`${name}: not a readable PEM key (${(error as Error).message})`, { cause: error });
    }
  };
  return {
    url: (value.BORICA_URL ?? '').replace(/\/+$/, ''),
    terminal: value.BORICA_TERMINAL ?? '',
    merchant: value.BORICA_MERCHANT ?? '',
    merchantName: value.BORICA_MERCH_NAME ?? '',
    merchantUrl: value.BORICA_MERCH_URL ?? '',
    ...(value.BORICA_MERCHANT_EMAIL ? { merchantEmail: value.BORICA_MERCHANT_EMAIL } : {}),
    merchantKeyPem: keyOf('BORICA_MERCHANT_KEY', createPrivateKey),
    gatewayPublicKeyPem: keyOf('BORICA_GATEWAY_PUBLIC_KEY', createPublicKey),
    timeoutMs: value.BORICA_TIMEOUT_MS,
  };
};
