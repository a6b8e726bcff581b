import type { PaymentAttempt } from '../../../sync-server/payments/gateway.ts';

export const attempt = (over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  attemptId: '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b',
  orderId: 'order-1',
  orderNumber: '100000123',
  amountEur: 129_999,
  providerRef: '5O190127TN364715T',
  description: 'Поръчка 100000123',
  shopper: { name: 'Иван Петров', email: 'ivan@example.bg' },
  language: 'bg',
  createdAt: 1_764_000_000_000,
  ...over,
});

export const capture = (status: string, value = '1299.99', extra: Record<string, unknown> = {}) => ({
  id: '3C679366HH908993F',
  status,
  amount: { currency_code: 'EUR', value },
  final_capture: true,
  ...extra,
});

export const completedOrder = (captureJson: unknown, id = '5O190127TN364715T') => ({
  id,
  intent: 'CAPTURE',
  status: 'COMPLETED',
  purchase_units: [
    {
      reference_id: '100000123',
      custom_id: '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b',
      amount: { currency_code: 'EUR', value: '1299.99' },
      payments: { captures: [captureJson] },
    },
  ],
  links: [],
});
