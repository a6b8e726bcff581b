import { z } from 'zod';
import type { PaymentProvider } from '../../schema/payments/payment.ts';
import { createCreditGateway, loadCreditConfig } from '../credit/index.ts';
import { createBoricaGateway, loadBoricaConfig } from './borica/index.ts';
import type { PaymentGateway } from './gateway.ts';
import { createPayPalGateway, loadPayPalConfig } from './paypal/index.ts';

/**
 * The payments hub's settings (sync-server/config.ts spreads them into the server's environment schema). The
 * providers' own groups (BORICA_*, PAYPAL_*, CREDIT_*) are each optional as a whole and read by their loaders
 * (borica/, paypal/, credit/ index.ts): a provider without its group is not offered, and an order naming its
 * method is refused at order.place; a half-set group stops the server, naming what is missing.
 */
export const paymentEnv = {
  /** An order paid online is cancelled, its stock released, if not paid this long after it was placed. */
  PAYMENT_DUE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60),
  /** How often the reconciler runs (asks providers about attempts in doubt, expires unpaid orders). */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** An attempt without an answer for this long is asked about (a lost BACKREF, a closed tab, a crash). */
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
};

export type PaymentGateways = Partial<Record<PaymentProvider, PaymentGateway>>;

/** The gateways the environment configures; throws naming the variable of a half-set or invalid group. */
export const loadPaymentGateways = (env: NodeJS.ProcessEnv = process.env): PaymentGateways => {
  const borica = loadBoricaConfig(env);
  const paypal = loadPayPalConfig(env);
  const credit = loadCreditConfig(env);
  return {
    ...(borica ? { borica: createBoricaGateway(borica) } : {}),
    ...(paypal ? { paypal: createPayPalGateway(paypal) } : {}),
    ...(credit ? { credit: createCreditGateway(credit) } : {}),
  };
};

/** The gateways' origins the shopper's browser is sent to (the page's CSP form-action / navigation). */
export const paymentOrigins = (env: NodeJS.ProcessEnv = process.env): string[] => {
  const origins: string[] = [];
  for (const name of ['BORICA_URL', 'PAYPAL_URL'] as const) {
    const value = env[name];
    if (!value) continue;
    try {
      origins.push(new URL(value).origin);
    } catch {
      // An invalid address is reported by its loader.
    }
  }
  return origins;
};
