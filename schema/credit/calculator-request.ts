import { z } from 'zod';
import { CREDIT_PROVIDER_CODES, creditProviderById, type CreditProviderCode } from './providers.ts';

/**
 * The body of `POST /api/order/credit-calculator` (spec commerce.md section 7): the price to finance in euro cents (a
 * product's price or the cart's total), the down payment, and optionally one provider (its code or the spec's id:
 * 8, 10, 14) and one term. The answer is `{ code: 200, result: { offers } }`.
 */
const providerSchema = z.union([
  z.enum(CREDIT_PROVIDER_CODES),
  z
    .number()
    .int()
    .transform((id, ctx): CreditProviderCode => {
      const provider = creditProviderById(id);
      if (!provider) {
        ctx.addIssue({ code: 'custom', message: 'unknown credit provider id (8 jetcredit, 10 unicredit, 14 dsk)' });
        return z.NEVER;
      }
      return provider.code;
    }),
]);

export const creditCalculatorRequestSchema = z
  .object({
    price: z.number().int().min(1).max(100_000_000),
    downPayment: z.number().int().min(0).default(0),
    provider: providerSchema.optional(),
    months: z.number().int().min(1).max(120).optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (request.downPayment >= request.price) {
      ctx.addIssue({ code: 'custom', path: ['downPayment'], message: 'the down payment must be below the price' });
    }
  });
export type CreditCalculatorRequest = z.infer<typeof creditCalculatorRequestSchema>;
