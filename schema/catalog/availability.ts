import { z } from 'zod';

/** Spec section 4: the five statuses, in the order the shown status is looked up. */
export const availabilityStatusSchema = z.object({
  key: z.string(),
  text: z.string(),
  style: z.string(),
  availability: z.string(),
  /** Ordering by request. */
  request: z.boolean(),
});
export type AvailabilityStatus = z.infer<typeof availabilityStatusSchema>;

export const AVAILABILITY_STATUSES: readonly AvailabilityStatus[] = [
  { key: 'Pre-order', text: 'Предварителна продажба', style: 'pre-order', availability: 'PreOrder', request: true },
  { key: 'Back order', text: 'Очаквана доставка', style: 'back-order', availability: 'BackOrder', request: true },
  { key: 'In stock', text: 'Наличен', style: 'in-stock', availability: 'InStock', request: false },
  {
    key: 'Limited Qty',
    text: 'Ограничено количество',
    style: 'limited',
    availability: 'LimitedAvailability',
    request: false,
  },
  { key: 'On request', text: 'Не е наличен', style: 'on-request', availability: 'OutOfStock', request: true },
];

export const stockItemSchema = z.object({
  product_id: z.number().int(),
  sku: z.string().min(1).max(64),
  is_in_stock: z.boolean(),
  qty: z.number().int().min(0),
});
export type StockItem = z.infer<typeof stockItemSchema>;
