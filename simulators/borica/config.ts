import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { pemFrom } from '../shared/http.ts';

/** The simulated gateway's settings, from the environment (a test or the launcher generates the keys). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The one terminal this gateway serves. */
  BORICA_SIM_TERMINAL: z.string().regex(/^[A-Za-z0-9]{8}$/, 'eight letters or digits'),
  /** The terminal's currency: the gateway refuses a form in another. */
  BORICA_SIM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  /** The gateway's signing key (PEM or path). */
  BORICA_SIM_PRIVATE_KEY: z.string().min(1),
  /** The merchant's public key for this terminal (PEM or path), which checks the forms' P_SIGN. */
  BORICA_SIM_MERCHANT_PUBLIC_KEY: z.string().min(1),
  /** The terminal's BACKREF: set in the gateway for the terminal, never taken from a request. */
  BORICA_SIM_BACKREF: z.url(),
});

export interface SimConfig {
  readonly port: number;
  readonly host: string;
  readonly terminal: string;
  readonly currency: string;
  readonly privateKeyPem: string;
  readonly merchantPublicKeyPem: string;
  readonly backref: string;
}

export const loadConfig = (env: NodeJS.ProcessEnv): SimConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`borica simulator: ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  const read = (path: string) => readFileSync(path, 'utf8');
  const privateKeyPem = pemFrom(e.BORICA_SIM_PRIVATE_KEY, read);
  const merchantPublicKeyPem = pemFrom(e.BORICA_SIM_MERCHANT_PUBLIC_KEY, read);
  createPrivateKey(privateKeyPem);
  createPublicKey(merchantPublicKeyPem);
  return {
    port: e.PORT,
    host: e.HOST,
    terminal: e.BORICA_SIM_TERMINAL,
    currency: e.BORICA_SIM_CURRENCY,
    privateKeyPem,
    merchantPublicKeyPem,
    backref: e.BORICA_SIM_BACKREF,
  };
};
