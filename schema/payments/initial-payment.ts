import { paymentMethodByCode } from '../checkout/methods.ts';
import type { Order } from '../orders/order.ts';
import type { OrderPayment, PaymentProvider } from './payment.ts';

/**
 * The payment an order starts with, apart from payment-rules.ts so the order's placing rule (order-rules.ts) can use
 * it without a cycle (payment-rules.ts reuses the order's cancel move).
 */

/** The provider taking an order's payment method, or undefined for cash on delivery and bank transfer. */
export const onlineProviderOf = (paymentMethod: string): PaymentProvider | undefined => {
  const method = paymentMethodByCode(paymentMethod as Order['paymentMethod']);
  return method && !method.offline && method.provider !== 'offline' ? method.provider : undefined;
};

/** The payment a newly placed order gets (undefined when it is paid offline). */
export const initialPayment = (paymentMethod: string, placedAt: number, dueMs: number): OrderPayment | undefined => {
  const provider = onlineProviderOf(paymentMethod);
  return provider ? { provider, status: 'awaiting', attempts: [], dueBy: placedAt + dueMs } : undefined;
};
