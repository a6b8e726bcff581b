import { z } from 'zod';
import { lineOptionsSchema, qtySchema, skuSchema } from '../../schema/cart/cart.ts';
import { couponCodeSchema } from '../../schema/coupons/coupon.ts';

/** The bodies of the spec's cart calls (Vue Storefront 1's shapes), checked before anything runs. */

const productOptionSchema = z
  .object({
    extension_attributes: z
      .object({ configurable_item_options: lineOptionsSchema.optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** POST /api/cart/update: `cartItem`; with `item_id` a line's quantity, without it a product added. */
export const updateBodySchema = z.object({
  cartItem: z
    .object({
      sku: skuSchema.optional(),
      qty: qtySchema,
      item_id: z.string().min(1).max(400).optional(),
      quoteId: z.string().max(100).optional(),
      product_option: productOptionSchema.optional(),
    })
    .refine((item) => item.sku !== undefined || item.item_id !== undefined, {
      message: 'sku or item_id is required',
      path: ['sku'],
    }),
});

/** POST /api/cart/delete: the line, by `item_id` (or its sku, when the cart has one line of it). */
export const deleteBodySchema = z.object({
  cartItem: z
    .object({
      item_id: z.string().min(1).max(400).optional(),
      sku: skuSchema.optional(),
      quoteId: z.string().max(100).optional(),
    })
    .refine((item) => item.sku !== undefined || item.item_id !== undefined, {
      message: 'item_id or sku is required',
      path: ['item_id'],
    }),
});

export const couponParamsSchema = z.object({ coupon: couponCodeSchema });

const methodCodesSchema = z.object({
  shippingCarrierCode: z.string().min(1).max(40),
  shippingMethodCode: z.string().min(1).max(40),
});

const addressSchema = z
  .object({
    city: z.string().trim().max(100).optional(),
    postcode: z.string().trim().max(10).optional(),
    country_id: z.string().max(2).optional(),
  })
  .passthrough();

/** POST /api/cart/shipping-information: the method and the address; a payment method may come with it. */
export const shippingInformationBodySchema = z.object({
  addressInformation: methodCodesSchema.extend({
    shippingAddress: addressSchema.optional(),
    officeName: z.string().trim().max(200).optional(),
  }),
  paymentMethod: z.object({ method: z.string().min(1).max(40) }).optional(),
});

/** POST /api/cart/collect-totals: totals for methods not (yet) saved to the cart. */
export const collectTotalsBodySchema = z.object({
  methods: z
    .object({
      paymentMethod: z.object({ method: z.string().min(1).max(40) }).optional(),
      shippingCarrierCode: z.string().min(1).max(40).optional(),
      shippingMethodCode: z.string().min(1).max(40).optional(),
    })
    .optional(),
});

/** POST /api/cart/shipping-methods: the address (the methods do not depend on it yet). */
export const shippingMethodsBodySchema = z.object({ address: addressSchema.optional() });
