/**
 * The checkout form's fields, flat (one text per input), by step. The details the order carries are built from
 * them (checkout-details.ts); the draft keeps them (draft.ts), all but the password.
 */
import { CREDIT_FIELDS, blankCredit } from './credit-fields.ts';

export const STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
export type StepName = (typeof STEPS)[number];

export const PERSONAL_FIELDS = ['firstName', 'lastName', 'emailAddress', 'egn', 'createAccount', 'password'] as const;
export const SHIPPING_FIELDS = [
  'shipFirstName',
  'shipLastName',
  'streetAddress',
  'city',
  'zipCode',
  'phoneNumber',
  'shippingMethod',
  'officeName',
] as const;
export const PAYMENT_FIELDS = [
  'paymentMethod',
  'wantInvoice',
  'company',
  'taxId',
  'vatNumber',
  'mol',
  'invoiceCity',
  'invoiceStreet',
  ...CREDIT_FIELDS,
] as const;
export const REVIEW_FIELDS = ['termsAccepted'] as const;

export type CheckoutField =
  | (typeof PERSONAL_FIELDS)[number]
  | (typeof SHIPPING_FIELDS)[number]
  | (typeof PAYMENT_FIELDS)[number]
  | (typeof REVIEW_FIELDS)[number];

export const FIELDS_OF: Record<StepName, readonly CheckoutField[]> = {
  personal: PERSONAL_FIELDS,
  shipping: SHIPPING_FIELDS,
  payment: PAYMENT_FIELDS,
  review: REVIEW_FIELDS,
};

export type CheckoutValues = Record<CheckoutField, string>;

/** Booleans as the form keeps them: 'true' or ''. */
export const isOn = (value: string): boolean => value === 'true';

export const blankCheckout = (): CheckoutValues => ({
  firstName: '',
  lastName: '',
  emailAddress: '',
  egn: '',
  createAccount: '',
  password: '',
  shipFirstName: '',
  shipLastName: '',
  streetAddress: '',
  city: '',
  zipCode: '',
  phoneNumber: '',
  shippingMethod: 'courier',
  officeName: '',
  paymentMethod: '',
  wantInvoice: '',
  company: '',
  taxId: '',
  vatNumber: '',
  mol: '',
  invoiceCity: '',
  invoiceStreet: '',
  ...blankCredit(),
  termsAccepted: '',
});
