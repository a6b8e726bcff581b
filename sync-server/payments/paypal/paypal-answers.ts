import { z } from 'zod';

/**
 * PayPal's answers as far as the store reads them. Objects are loose (PayPal adds fields freely); the fields the
 * store decides on are required and closed enums, so an answer the store cannot read fails here and the attempt
 * stays in doubt instead of being guessed.
 */

export const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1).max(4000),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
});

const moneySchema = z.looseObject({ currency_code: z.string().length(3), value: z.string().max(32) });
const linkSchema = z.looseObject({ href: z.string().max(4000), rel: z.string().max(100) });

export const CAPTURE_STATUSES = [
  'COMPLETED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
  'FAILED',
] as const;

export const captureSchema = z.looseObject({
  id: z.string().min(1).max(64),
  status: z.enum(CAPTURE_STATUSES),
  status_details: z.looseObject({ reason: z.string().max(100) }).optional(),
  amount: moneySchema,
  custom_id: z.string().max(127).optional(),
});
export type PayPalCapture = z.infer<typeof captureSchema>;

export const ORDER_STATUSES = ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'] as const;

export const orderAnswerSchema = z.looseObject({
  id: z.string().min(1).max(64),
  status: z.enum(ORDER_STATUSES),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.looseObject({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  links: z.array(linkSchema).optional(),
});
export type PayPalOrder = z.infer<typeof orderAnswerSchema>;

export const REFUND_STATUSES = ['CANCELLED', 'FAILED', 'PENDING', 'COMPLETED'] as const;

export const refundAnswerSchema = z.looseObject({
  id: z.string().min(1).max(64),
  status: z.enum(REFUND_STATUSES),
  amount: moneySchema.optional(),
});

export const errorAnswerSchema = z.looseObject({
  name: z.string().max(200),
  message: z.string().max(2000).optional(),
  debug_id: z.string().max(200).optional(),
  details: z
    .array(z.looseObject({ issue: z.string().max(200), description: z.string().max(2000).optional() }))
    .optional(),
});

/** The first issue of an error answer (ORDER_ALREADY_CAPTURED...), else its name, else undefined. */
export const issueOf = (body: unknown): { issue: string; description: string; debugId?: string } | undefined => {
  const parsed = errorAnswerSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const detail = parsed.data.details?.[0];
  return {
    issue: detail?.issue ?? parsed.data.name,
    description: detail?.description ?? parsed.data.message ?? parsed.data.name,
    ...(parsed.data.debug_id === undefined ? {} : { debugId: parsed.data.debug_id }),
  };
};

/** The link the payer goes to: `payer-action` (payment_source.paypal) or `approve` (the older form). */
export const approveLinkOf = (order: PayPalOrder): string | undefined =>
  order.links?.find((l) => l.rel === 'payer-action')?.href ?? order.links?.find((l) => l.rel === 'approve')?.href;

/** The order's capture (intent CAPTURE has at most one). */
export const captureOf = (order: PayPalOrder): PayPalCapture | undefined =>
  order.purchase_units?.[0]?.payments?.captures?.[0];
