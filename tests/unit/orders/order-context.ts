import type { Product } from '../../../schema/catalog/product.ts';
import { GUEST_PRICING } from '../../../schema/cart/tier-pricing.ts';
import { orderPlacePayloadSchema } from '../../../schema/orders/order-commands.ts';
import type { Order } from '../../../schema/orders/order.ts';
import type { OrderCommand, OrderContext } from '../../../schema/orders/order-rules.ts';
import type { CouponVerdict, StockLevel } from '../../../schema/orders/revalidate.ts';
import type { OrderPlacePayloadInput } from '../../../schema/orders/order-commands.ts';

/** A pure context for the order rules: products, stock, coupons and stored orders given by the test. */
export const contextOf = (
  products: Product[],
  {
    stock = {},
    orders = [],
    coupons = {},
    now = 1_790_000_000_000,
  }: {
    stock?: Record<string, StockLevel>;
    orders?: Order[];
    coupons?: Record<string, CouponVerdict>;
    now?: number;
  } = {},
): OrderContext => ({
  now,
  products: (sku) => products.find((p) => p.sku === sku),
  pricing: GUEST_PRICING,
  stock: (sku) => stock[sku],
  coupon: (code) => coupons[code],
  existing: (orderId) => orders.find((o) => o.orderId === orderId),
  orderNumberFor: () => 'BG-2026-000001',
});

let seq = 0;
const envelope = (owner: string) => ({
  id: '0190f3a0-0000-7000-8000-000000000000',
  owner,
  clientId: 'client-test-1',
  seq: ++seq,
  createdAt: 1,
  status: 'pending' as const,
  serverSeq: 0,
});

export const placeCommand = (payload: OrderPlacePayloadInput, owner = 'guest-a'): OrderCommand => ({
  ...envelope(owner),
  type: 'order.place',
  payload: orderPlacePayloadSchema.parse(payload),
});

export const confirmCommand = (orderId: string, acceptedTotalEur: number, owner = 'guest-a'): OrderCommand => ({
  ...envelope(owner),
  type: 'order.confirm',
  payload: { orderId, acceptedTotalEur },
});

export const cancelCommand = (orderId: string, owner = 'guest-a'): OrderCommand => ({
  ...envelope(owner),
  type: 'order.cancel',
  payload: { orderId },
});
