import type { Order } from '../../schema/orders/order.ts';
import { validDetails } from './orders.ts';

/** Two AirPods (127,80 € each) by courier (2,56 €): the order the unit tests of order views and mails start from. */
export const AIRPODS_ORDER_LINE = {
  lineId: 'APP3',
  sku: 'APP3',
  name: 'AirPods',
  qty: 2,
  unitPriceInclTaxEur: 12_780,
  options: {},
} as const;

/** A server's order of those two AirPods, received at `createdAt`; `overrides` change any field. */
export const anOrder = (overrides: Partial<Order> = {}, createdAt = 500): Order => ({
  orderId: '0190a8f2-7c3e-7000-8000-00000000000a',
  orderNumber: 'BG-2026-000001',
  owner: 'guest-0190a8f2-7c3e-7000-8000-000000000001',
  status: 'received',
  details: validDetails,
  lines: [{ ...AIRPODS_ORDER_LINE, lineTotalEur: 25_560 }],
  totals: {
    subtotalInclTaxEur: 25_560,
    discountEur: 0,
    shippingEur: 256,
    paymentEur: 0,
    taxEur: 4_303,
    grandTotalEur: 25_816,
    grandTotalBgn: 50_492,
    rate: 1.95583,
    segments: [],
  },
  paymentMethod: 'cashondelivery',
  shippingMethod: 'courier',
  history: [{ status: 'received', at: createdAt }],
  createdAt,
  updatedAt: createdAt,
  ...overrides,
});
