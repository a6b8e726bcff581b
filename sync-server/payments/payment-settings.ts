import type { PaymentProvider } from '../../schema/payments/payment.ts';
import type { PaymentGateway } from './gateway.ts';

/**
 * What the payments hub needs at run time: the gateways this server is configured for (a method whose provider has
 * none is refused at order.place) and the due window. Features are registered once for the process
 * (features/registry.ts), so the settings are the process's, set by startServer before it serves; a process runs
 * one store configuration.
 */
export interface PaymentSettings {
  /** How long an order paid online may wait for its payment before it is cancelled. */
  dueMs: number;
  gateways: Partial<Record<PaymentProvider, PaymentGateway>>;
}

let current: PaymentSettings = { dueMs: 60 * 60_000, gateways: {} };

export const configurePayments = (settings: PaymentSettings): void => {
  current = settings;
};

export const paymentSettings = (): PaymentSettings => current;

/** The gateway of a provider, when this server is configured for it. */
export const gatewayOf = (provider: string): PaymentGateway | undefined =>
  current.gateways[provider as PaymentProvider];

/** Whether this server takes payments by a method: offline ones always, online ones with their provider's gateway. */
export const isMethodOffered = (method: { provider: string }): boolean =>
  method.provider === 'offline' || gatewayOf(method.provider) !== undefined;
