import { z } from 'zod';
import { CITY_MAX, STREET_MAX } from '../../schema/account/limits.ts';
import { bgPhoneSchema } from '../../schema/account/phone.ts';
import { textField, type FieldRule } from '../../schema/account/text-field.ts';
import { firstNameSchema, lastNameSchema } from '../../schema/account/user-fields.ts';
import { accountText, type AccountMessage } from '../../schema/account/messages.ts';
import '../i18n/account-texts.ts';

/**
 * The saved shipping details (spec commerce.md section 3, "shippingDetails": firstName, lastName, country (default
 * BG), streetAddress, city, zipCode, phoneNumber). The region and the shipping method are chosen per order at
 * checkout, so they are not saved. Rules: the account schemas' (section 5: names, "street 100", a valid phone).
 */
export const SHIPPING_FIELDS = ['firstName', 'lastName', 'streetAddress', 'city', 'zipCode', 'phoneNumber'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

const filled =
  (max: number, tooLong: AccountMessage): FieldRule =>
  (text) => {
    if (text === '') return 'required';
    return text.length > max ? tooLong : undefined;
  };

/** The message is our i18n key: the account schemas have no postcode message (the spec's "zip code at least 3"). */
const ZIP_INVALID = 'account.shipping.zipInvalid';

/** A Bulgarian postcode is 4 digits (1000 Sofia … 9999); the spec's "at least 3" is met by every real one. */
export const zipCodeSchema = z
  .string({ error: accountText('required') })
  .trim()
  .superRefine((zip, ctx) => {
    if (zip === '') ctx.addIssue({ code: 'custom', message: accountText('required') });
    else if (!/^\d{4}$/.test(zip)) ctx.addIssue({ code: 'custom', message: ZIP_INVALID });
  });

export const shippingDetailsSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    streetAddress: textField(filled(STREET_MAX, 'streetTooLong')),
    city: textField(filled(CITY_MAX, 'cityTooLong')),
    zipCode: zipCodeSchema,
    phoneNumber: bgPhoneSchema,
  })
  .strict()
  .transform((details) => ({ ...details, country: 'BG' as const }));
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;
