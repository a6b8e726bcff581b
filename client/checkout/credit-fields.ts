import { termOffer } from '../../schema/credit/offers.ts';
import { creditProviderByCode, DEFAULT_CREDIT_PROVIDER } from '../../schema/credit/providers.ts';
import type { CreditDetailsInput } from '../../schema/credit/details.ts';

/**
 * The checkout's credit form as flat texts (one per input), as the rest of the checkout keeps its fields
 * (checkout-fields.ts), so the draft keeps them and the step's schema names them. The figures (instalment, ГЛП, ГПР)
 * are not fields: they are computed from the provider, the term and the amounts by the calculator (schema/credit),
 * on the device, offline too. `creditPrice` is the cart's euro total the payment step copies in (euro cents).
 */
export const CREDIT_FIELDS = [
  'creditProvider',
  'creditFirstAmount',
  'creditMonths',
  'creditFullName',
  'creditEgn',
  'creditEmail',
  'creditPhone',
  'creditTown',
  'creditAddress',
  'creditComment',
  'creditPrice',
] as const;
export type CreditField = (typeof CREDIT_FIELDS)[number];
export type CreditValues = Record<CreditField, string>;

export const blankCredit = (): CreditValues => ({
  creditProvider: DEFAULT_CREDIT_PROVIDER,
  creditFirstAmount: '',
  creditMonths: '',
  creditFullName: '',
  creditEgn: '',
  creditEmail: '',
  creditPhone: '',
  creditTown: '',
  creditAddress: '',
  creditComment: '',
  creditPrice: '',
});

/**
 * Euros as a shopper types them ('200', '200,50', '1 200.5') in cents; blank is 0; anything else NaN, which the
 * schema refuses with its message.
 */
export const centsOfEuroText = (text: string): number => {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (compact === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return Number.NaN;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** The cart's total the step copied in, euro cents (0 before it did). */
export const creditPriceOf = (v: Readonly<CreditValues>): number => {
  const price = Number(v.creditPrice);
  return Number.isInteger(price) && price > 0 ? price : 0;
};

/** The creditDetails the order carries, the figures the calculator's for the chosen provider, amounts and term. */
export const creditInput = (v: Readonly<CreditValues>): CreditDetailsInput => {
  const price = creditPriceOf(v);
  const firstAmount = centsOfEuroText(v.creditFirstAmount);
  const creditAmount = price - firstAmount;
  const monthsNumber = Number(v.creditMonths || Number.NaN);
  const provider = creditProviderByCode(v.creditProvider);
  const offer =
    provider && Number.isInteger(monthsNumber) ? termOffer(provider, creditAmount, monthsNumber) : undefined;
  return {
    creditProvider: v.creditProvider as CreditDetailsInput['creditProvider'],
    fullName: v.creditFullName,
    egn: v.creditEgn,
    email: v.creditEmail,
    phone: v.creditPhone,
    town: v.creditTown,
    address: v.creditAddress,
    firstAmount,
    creditAmount,
    monthsNumber,
    perMonth: offer?.perMonthEur ?? 0,
    GLP: offer?.glp ?? 0,
    GPR: offer?.gpr ?? 0,
    comment: v.creditComment,
  };
};

/** Where an issue under `credit.<path>` shows: the input the shopper would change. */
const FIELD_OF_PATH: Record<string, CreditField> = {
  creditProvider: 'creditProvider',
  fullName: 'creditFullName',
  egn: 'creditEgn',
  email: 'creditEmail',
  phone: 'creditPhone',
  town: 'creditTown',
  address: 'creditAddress',
  firstAmount: 'creditFirstAmount',
  // A credit at or below zero: the down payment took the whole price.
  creditAmount: 'creditFirstAmount',
  monthsNumber: 'creditMonths',
  // Figures that no longer match (the cart changed): choosing the term again recomputes them.
  perMonth: 'creditMonths',
  GLP: 'creditMonths',
  GPR: 'creditMonths',
  comment: 'creditComment',
};

export const creditFieldOf = (path: string | undefined): CreditField =>
  (path !== undefined ? FIELD_OF_PATH[path] : undefined) ?? 'creditMonths';

/** What the personal and shipping steps already know fills the applicant's blank fields. */
export const creditPrefill = (v: {
  firstName: string;
  lastName: string;
  emailAddress: string;
  egn: string;
  phoneNumber: string;
  city: string;
  streetAddress: string;
}): Partial<CreditValues> => ({
  creditFullName: [v.firstName, v.lastName].filter((part) => part.trim() !== '').join(' '),
  creditEgn: v.egn,
  creditEmail: v.emailAddress,
  creditPhone: v.phoneNumber,
  creditTown: v.city,
  creditAddress: v.streetAddress,
});
