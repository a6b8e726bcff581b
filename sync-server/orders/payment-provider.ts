import type { PaymentProviderCode } from '../../schema/checkout/methods.ts';
import { paymentMethodByCode } from '../../schema/checkout/methods.ts';
import type { Order } from '../../schema/orders/order.ts';

/**
 * The seam a payment provider plugs into (the next issue: the card gateway, PayPal, consumer credit). An order's
 * placing calls its payment method's provider in the placing transaction, with the order as stored; the provider
 * says what the order needs next. The offline provider (cash on delivery, bank transfer) needs nothing: the order
 * stays "received" and is paid on delivery or by transfer.
 */
export interface PaymentProvider {
  readonly code: PaymentProviderCode;
  /**
   * Called once when an order is placed (received). Must be pure of I/O outside the transaction: a gateway's
   * session is opened after commit by the client following `action`.
   */
  orderPlaced(order: Order): PaymentStart;
}

/** What the shopper does next to pay: nothing (offline), or go to a gateway's address (the next issue). */
export type PaymentStart = { action: 'none' } | { action: 'redirect'; url: string };

export const offlinePaymentProvider: PaymentProvider = {
  code: 'offline',
  orderPlaced: () => ({ action: 'none' }),
};

/**
 * Card, PayPal and credit need nothing at placing either: the order gets its `payment` (awaiting) from the placing
 * rule, and the payments hub (sync-server/payments) takes it from `payment.start` on, after commit.
 */
const providers: Readonly<Partial<Record<PaymentProviderCode, PaymentProvider>>> = { offline: offlinePaymentProvider };

/** The provider of an order's payment method. */
export const paymentProviderOf = (order: Pick<Order, 'paymentMethod'>): PaymentProvider =>
  providers[paymentMethodByCode(order.paymentMethod)?.provider ?? 'offline'] ?? offlinePaymentProvider;
