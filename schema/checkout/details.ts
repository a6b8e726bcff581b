import { z } from 'zod';
import { egnSchema } from '../account/egn.ts';
import { eikSchema } from '../account/eik.ts';
import { CITY_MAX, COMPANY_MAX, STREET_MAX } from '../account/limits.ts';
import type { AccountMessage } from '../account/messages.ts';
import { bgPhoneSchema } from '../account/phone.ts';
import { optionalField, textField, type FieldRule } from '../account/text-field.ts';
import { emailSchema, firstNameSchema, fullNameSchema, lastNameSchema } from '../account/user-fields.ts';
import { bgVatNumberSchema } from '../account/vat-number.ts';
import { creditDetailsSchema } from '../credit/details.ts';
import { creditText } from '../credit/messages.ts';
import { checkoutText } from './messages.ts';
import { PAYMENT_METHOD_CODES, SHIPPING_METHOD_CODES, shippingMethodByCode } from './methods.ts';

/**
 * The checkout's details (spec commerce.md section 3: personalDetails, shippingDetails, paymentDetails), one schema per
 * step so the client validates step by step, and the whole the `order.place` command carries. The account's
 * validators give the spec's messages and maximums. No password here: an account made with the order is created by
 * the client (POST /api/user/create) before it places the order, and the spec drops the password after placing.
 */

/** A text that must be there and fit: trimmed, not blank, at most `max` characters. */
const filled =
  (max: number, tooLong: AccountMessage): FieldRule =>
  (text) => {
    if (text === '') return 'required';
    if (text.length > max) return tooLong;
    return undefined;
  };

const streetSchema = textField(filled(STREET_MAX, 'streetTooLong'));
const citySchema = textField(filled(CITY_MAX, 'cityTooLong'));

/** A Bulgarian postcode: 4 digits (the spec's "at least 3" is the generic rule; Bulgaria's have 4). */
export const bgZipCodeSchema = z
  .string({ error: checkoutText('zipInvalid') })
  .trim()
  .regex(/^\d{4}$/, { error: checkoutText('zipInvalid') });

export const personalDetailsSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    emailAddress: emailSchema,
    egn: optionalField(egnSchema),
  })
  .strict();
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

export const shippingDetailsSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    country: z.literal('BG', { error: checkoutText('countryUnsupported') }),
    streetAddress: streetSchema,
    city: citySchema,
    zipCode: bgZipCodeSchema,
    phoneNumber: bgPhoneSchema,
    shippingMethod: z.enum(SHIPPING_METHOD_CODES, { error: checkoutText('shippingMethodUnknown') }),
    /** The courier's office, when the method delivers to one. */
    officeName: optionalField(textField(filled(STREET_MAX, 'streetTooLong'))),
  })
  .strict()
  .superRefine((shipping, ctx) => {
    if (shippingMethodByCode(shipping.shippingMethod)?.needsOffice && !shipping.officeName) {
      ctx.addIssue({ code: 'custom', path: ['officeName'], message: checkoutText('officeRequired') });
    }
  });
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

/** A company invoice: the company, its ЕИК (the spec's taxId), its VAT number if registered, МОЛ, address. */
export const invoiceDetailsSchema = z
  .object({
    company: textField(filled(COMPANY_MAX, 'companyTooLong')),
    taxId: eikSchema,
    vatNumber: optionalField(bgVatNumberSchema),
    mol: fullNameSchema,
    city: citySchema,
    streetAddress: streetSchema,
  })
  .strict();
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

/**
 * How the order is paid. Buying on credit carries the application (`credit`, the spec's creditDetails): required then,
 * and refused with any other method, so a stale credit form never travels with a card order.
 */
export const paymentDetailsSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHOD_CODES, { error: checkoutText('paymentMethodUnknown') }),
    invoice: invoiceDetailsSchema.optional(),
    credit: creditDetailsSchema.optional(),
  })
  .strict()
  .superRefine((payment, ctx) => {
    if (payment.paymentMethod === 'credit' && !payment.credit) {
      ctx.addIssue({ code: 'custom', path: ['credit'], message: creditText('creditRequired') });
    }
    if (payment.paymentMethod !== 'credit' && payment.credit) {
      ctx.addIssue({ code: 'custom', path: ['credit'], message: creditText('creditNotForMethod') });
    }
  });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const checkoutDetailsSchema = z
  .object({
    personal: personalDetailsSchema,
    shipping: shippingDetailsSchema,
    payment: paymentDetailsSchema,
    termsAccepted: z.literal(true, { error: checkoutText('termsRequired') }),
  })
  .strict();
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;
export type CheckoutDetailsInput = z.input<typeof checkoutDetailsSchema>;
