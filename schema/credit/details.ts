import { z } from 'zod';
import { egnSchema } from '../account/egn.ts';
import { CITY_MAX, STREET_MAX } from '../account/limits.ts';
import { bgPhoneSchema } from '../account/phone.ts';
import { optionalField, textField } from '../account/text-field.ts';
import { emailSchema, fullNameSchema } from '../account/user-fields.ts';
import { creditText } from './messages.ts';
import { termOffer } from './offers.ts';
import { CREDIT_PROVIDER_CODES, DEFAULT_CREDIT_PROVIDER, creditProviderByCode } from './providers.ts';

/**
 * The checkout's creditDetails (spec commerce.md section 3: fullName, egn, email, phone, town, address, firstAmount,
 * creditAmount, monthsNumber, perMonth, GLP, GPR, comment; "creditProvider defaults to 'unicredit'"). Amounts in euro
 * cents, GLP and GPR in percent to two decimals, as the calculator gives them.
 *
 * The figures must be the calculator's for the provider, the credit amount and the term: a forged perMonth (or GLP,
 * GPR) is refused by the schema itself, naming the field, so every parse (the device's form, the server's order)
 * holds it. That the credit plus the down payment is the cart's total needs the total: `checkCreditFigures`.
 */

export const COMMENT_MAX = 500;

const cents = z.number({ error: creditText('amountInvalid') }).int({ error: creditText('amountInvalid') });
const percent = z
  .number({ error: creditText('figureMismatch') })
  .finite()
  .min(0);

export const creditDetailsSchema = z
  .object({
    creditProvider: z
      .enum(CREDIT_PROVIDER_CODES, { error: creditText('providerUnknown') })
      .default(DEFAULT_CREDIT_PROVIDER),
    fullName: fullNameSchema,
    egn: egnSchema,
    email: emailSchema,
    phone: bgPhoneSchema,
    town: textField((text) => (text === '' ? 'required' : text.length > CITY_MAX ? 'cityTooLong' : undefined)),
    address: textField((text) => (text === '' ? 'required' : text.length > STREET_MAX ? 'streetTooLong' : undefined)),
    firstAmount: cents.min(0, { error: creditText('amountInvalid') }),
    creditAmount: cents.min(1, { error: creditText('amountInvalid') }),
    monthsNumber: z.number({ error: creditText('termRequired') }).int({ error: creditText('termUnavailable') }),
    perMonth: cents,
    GLP: percent,
    GPR: percent,
    comment: optionalField(
      z
        .string()
        .trim()
        .max(COMMENT_MAX, { error: creditText('commentTooLong') }),
    ),
  })
  .strict()
  .superRefine((details, ctx) => {
    const provider = creditProviderByCode(details.creditProvider);
    if (!provider) return;
    const offer = termOffer(provider, details.creditAmount, details.monthsNumber);
    if (!offer) {
      ctx.addIssue({ code: 'custom', path: ['monthsNumber'], message: creditText('termUnavailable') });
      return;
    }
    const figures = [
      ['perMonth', offer.perMonthEur],
      ['GLP', offer.glp],
      ['GPR', offer.gpr],
    ] as const;
    for (const [field, expected] of figures) {
      if (details[field] !== expected) {
        ctx.addIssue({ code: 'custom', path: [field], message: creditText('figureMismatch') });
      }
    }
  });

export type CreditDetails = z.infer<typeof creditDetailsSchema>;
export type CreditDetailsInput = z.input<typeof creditDetailsSchema>;

export type CreditFiguresCheck =
  { readonly ok: true } | { readonly ok: false; readonly field: string; readonly message: string };

/**
 * Whether parsed creditDetails are the calculator's for an order whose total is `totalEur` euro cents: the down
 * payment and the credit make the total (the schema already holds the instalment, ГЛП and ГПР to the calculator's).
 */
export const checkCreditFigures = (details: CreditDetails, totalEur: number): CreditFiguresCheck => {
  if (details.firstAmount + details.creditAmount !== totalEur) {
    return { ok: false, field: 'creditAmount', message: creditText('figureMismatch') };
  }
  const parsed = creditDetailsSchema.safeParse(details);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path.map(String).join('.'), message: issue.message };
  }
  return { ok: true };
};
