import { z } from 'zod';
import { egnSchema } from './egn.ts';
import { eikSchema } from './eik.ts';
import { CITY_MAX, COMPANY_MAX, STREET_MAX, TOKEN_MAX } from './limits.ts';
import { accountText, type AccountMessage } from './messages.ts';
import { optionalField, textField, type FieldRule } from './text-field.ts';
import { userIdSchema } from './user.ts';
import { emailSchema, firstNameSchema, fullNameSchema, lastNameSchema } from './user-fields.ts';
import { bgVatNumberSchema } from './vat-number.ts';

/** Bodies of the account calls of a logged-in user (spec commerce.md section 7). Bodies are strict. */

/**
 * Update user: "POST /api/user, user data". The user data are the fields of the current user a shopper may change
 * (section 3); the id and the group are the server's.
 */
export const updateUserBodySchema = z
  .object({
    email: emailSchema,
    firstname: firstNameSchema,
    lastname: lastNameSchema,
    egn: optionalField(egnSchema),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** A text that must be there and fit: trimmed, not blank, at most `max` characters. */
const filledRule =
  (max: number, tooLong: AccountMessage): FieldRule =>
  (text) => {
    if (text === '') return 'required';
    if (text.length > max) return tooLong;
    return undefined;
  };

/**
 * Update invoice data: "POST /api/user/update-invoice-data (token)"; the spec does not show the body. An invoice to a
 * Bulgarian company names the company, its ЕИК (the payment details' "taxId"), its VAT number when it is registered
 * for VAT, the МОЛ (the person who answers for it) and its registered address. Spec maximums: "company name 50,
 * street 100"; the МОЛ is a full name (50).
 */
export const invoiceDataBodySchema = z
  .object({
    company: textField(filledRule(COMPANY_MAX, 'companyTooLong')),
    eik: eikSchema,
    vatNumber: optionalField(bgVatNumberSchema),
    mol: fullNameSchema,
    city: textField(filledRule(CITY_MAX, 'cityTooLong')),
    streetAddress: textField(filledRule(STREET_MAX, 'streetTooLong')),
  })
  .strict();
export type InvoiceDataBody = z.infer<typeof invoiceDataBodySchema>;

/** Store notification token: "POST /api/user/store-notification-token, body token, userId" (web push). */
export const notificationTokenBodySchema = z
  .object({
    token: z
      .string({ error: accountText('required') })
      .min(1, { error: accountText('required') })
      .max(TOKEN_MAX),
    userId: userIdSchema,
  })
  .strict();
export type NotificationTokenBody = z.infer<typeof notificationTokenBodySchema>;
