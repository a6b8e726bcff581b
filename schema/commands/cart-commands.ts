import { z } from 'zod';
import { lineOptionsSchema, qtySchema, skuSchema } from '../cart/cart.ts';

/** Payloads and results of the cart's commands. Quantities are integers of at least 1. */
export const cartCommands = {
  'cart.addItem': {
    payload: z.object({ sku: skuSchema, qty: qtySchema, options: lineOptionsSchema.default({}) }).strict(),
    result: z.object({ lineId: z.string(), qty: qtySchema }),
  },
  'cart.updateQty': {
    payload: z.object({ lineId: z.string().min(1).max(400), qty: qtySchema }).strict(),
    result: z.object({ lineId: z.string(), qty: qtySchema }),
  },
  'cart.removeItem': {
    /** Removes `qty` units (all of the line when absent); removing the last unit removes the line. */
    payload: z.object({ lineId: z.string().min(1).max(400), qty: qtySchema.optional() }).strict(),
    result: z.object({ lineId: z.string(), qty: z.number().int().min(0) }),
  },
  'cart.clear': {
    payload: z.object({}).strict(),
    result: z.object({ removedLines: z.number().int().min(0) }),
  },
} as const;
