import { z } from 'zod';

const baseUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * PayPal's REST app and where the store is reached from the shopper's browser. PAYPAL_URL is the API base: the
 * simulator's here, https://api-m.sandbox.paypal.com or https://api-m.paypal.com for real; the approve link comes
 * back in PayPal's answers, so no page address is configured.
 */
export const payPalConfigSchema = z.object({
  PAYPAL_URL: baseUrl,
  PAYPAL_CLIENT_ID: z.string().min(1).max(200),
  PAYPAL_SECRET: z.string().min(1).max(200),
  /** The store's public origin: PayPal sends the shopper back to `${PAYPAL_RETURN_BASE}/api/payments/paypal/...`. */
  PAYPAL_RETURN_BASE: baseUrl,
  /** A call not answered by then is abandoned and the attempt stays in doubt (the hub asks again later). */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type PayPalConfig = z.infer<typeof payPalConfigSchema>;

const GROUP = ['PAYPAL_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_SECRET', 'PAYPAL_RETURN_BASE'] as const;

/**
 * The PayPal group is optional as a whole: none of its variables set means the store does not offer PayPal
 * (undefined); some set means a mistake, named (never with a value: the secret is one).
 */
export const loadPayPalConfig = (env: NodeJS.ProcessEnv = process.env): PayPalConfig | undefined => {
  if (GROUP.every((name) => env[name] === undefined || env[name] === '')) return undefined;
  const parsed = payPalConfigSchema.safeParse(env);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
    throw new Error(`Invalid PayPal configuration: ${names} (set all of ${GROUP.join(', ')}, or none)`);
  }
  return parsed.data;
};
