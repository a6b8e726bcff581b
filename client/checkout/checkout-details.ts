import type { z } from 'zod';
import { passwordSchema } from '../../schema/account/user-fields.ts';
import {
  checkoutDetailsSchema,
  paymentDetailsSchema,
  personalDetailsSchema,
  shippingDetailsSchema,
  type CheckoutDetails,
} from '../../schema/checkout/details.ts';
import { shippingMethodByCode } from '../../schema/checkout/methods.ts';
import { creditFieldOf, creditInput } from './credit-fields.ts';
import { isOn, type CheckoutField, type CheckoutValues, type StepName } from './checkout-fields.ts';

/** The input of each step's schema from the form's flat values (an empty optional text is no value). */
const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

export const personalInput = (v: CheckoutValues) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  emailAddress: v.emailAddress,
  egn: optional(v.egn),
});

export const shippingInput = (v: CheckoutValues) => ({
  firstName: v.shipFirstName,
  lastName: v.shipLastName,
  country: 'BG',
  streetAddress: v.streetAddress,
  city: v.city,
  zipCode: v.zipCode,
  phoneNumber: v.phoneNumber,
  shippingMethod: v.shippingMethod,
  officeName: shippingMethodByCode(v.shippingMethod)?.needsOffice ? optional(v.officeName) : undefined,
});

export const paymentInput = (v: CheckoutValues) => ({
  paymentMethod: v.paymentMethod,
  invoice: isOn(v.wantInvoice)
    ? {
        company: v.company,
        taxId: v.taxId,
        vatNumber: optional(v.vatNumber),
        mol: v.mol,
        city: v.invoiceCity,
        streetAddress: v.invoiceStreet,
      }
    : undefined,
  credit: v.paymentMethod === 'credit' ? creditInput(v) : undefined,
});

export const detailsInput = (v: CheckoutValues) => ({
  personal: personalInput(v),
  shipping: shippingInput(v),
  payment: paymentInput(v),
  termsAccepted: isOn(v.termsAccepted),
});

/** Where an issue of a step's schema shows: the flat field its path names. */
const SHIPPING_PATHS: Record<string, CheckoutField> = { firstName: 'shipFirstName', lastName: 'shipLastName' };
const INVOICE_PATHS: Record<string, CheckoutField> = { city: 'invoiceCity', streetAddress: 'invoiceStreet' };

export const fieldOfIssue = (step: StepName, path: readonly PropertyKey[]): CheckoutField | undefined => {
  const [head, next] = path.map(String);
  if (head === undefined) return undefined;
  if (step === 'shipping') return SHIPPING_PATHS[head] ?? (head as CheckoutField);
  if (step === 'payment' && head === 'credit') return creditFieldOf(next);
  if (step === 'payment' && head === 'invoice' && next !== undefined)
    return INVOICE_PATHS[next] ?? (next as CheckoutField);
  return head as CheckoutField;
};

export interface StepIssue {
  field: CheckoutField | undefined;
  message: string;
}

const issuesOf = (step: StepName, result: z.ZodSafeParseResult<unknown>): StepIssue[] =>
  result.success ? [] : result.error.issues.map((i) => ({ field: fieldOfIssue(step, i.path), message: i.message }));

/** A step's problems, by the schemas the server parses the order with (and the password's, for a new account). */
export const stepIssues = (step: StepName, v: CheckoutValues): StepIssue[] => {
  switch (step) {
    case 'personal': {
      const issues = issuesOf(step, personalDetailsSchema.safeParse(personalInput(v)));
      if (isOn(v.createAccount)) {
        const password = passwordSchema.safeParse(v.password);
        if (!password.success) issues.push({ field: 'password', message: password.error.issues[0]!.message });
      }
      return issues;
    }
    case 'shipping':
      return issuesOf(step, shippingDetailsSchema.safeParse(shippingInput(v)));
    case 'payment':
      return issuesOf(step, paymentDetailsSchema.safeParse(paymentInput(v)));
    case 'review':
      return issuesOf(
        step,
        checkoutDetailsSchema.pick({ termsAccepted: true }).safeParse({ termsAccepted: isOn(v.termsAccepted) }),
      );
  }
};

/** The whole details, parsed, or undefined while a step is not right. */
export const checkoutDetailsOf = (v: CheckoutValues): CheckoutDetails | undefined => {
  const parsed = checkoutDetailsSchema.safeParse(detailsInput(v));
  return parsed.success ? parsed.data : undefined;
};
