import { describe, expect, it } from 'vitest';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import {
  blankCredit,
  centsOfEuroText,
  creditFieldOf,
  creditInput,
  creditPrefill,
  type CreditValues,
} from '../../../client/checkout/credit-fields.ts';
import { creditDetailsSchema, creditOffers } from '../../../schema/credit/index.ts';

const filled = (over: Partial<CreditValues> = {}): CreditValues => ({
  ...blankCredit(),
  creditFirstAmount: '200',
  creditMonths: '12',
  creditFullName: 'Иван Петров',
  creditEgn: '0543151230',
  creditEmail: 'ivan@example.bg',
  creditPhone: '0888 123 456',
  creditTown: 'София',
  creditAddress: 'ул. Шипка 6',
  creditPrice: '129900',
  ...over,
});

const fieldOfProblem = (values: CreditValues) => {
  const parsed = creditDetailsSchema.safeParse(creditInput(values));
  return parsed.success ? undefined : creditFieldOf(describeZodError(parsed.error).field);
};

describe("the checkout's credit form", () => {
  it('given a new form, then UniCredit is the provider chosen', () => {
    expect(blankCredit().creditProvider).toBe('unicredit');
  });

  it('given euros as a shopper types them, then cents; anything else is not a number', () => {
    expect(centsOfEuroText('200')).toBe(20_000);
    expect(centsOfEuroText('1 200,5')).toBe(120_050);
    expect(centsOfEuroText('')).toBe(0);
    expect(centsOfEuroText('12,345')).toBeNaN();
    expect(centsOfEuroText('abc')).toBeNaN();
  });

  it("given a provider, a down payment and a term, then the details carry the calculator's figures", () => {
    const offer = creditOffers(129_900, 20_000, 'unicredit')[0]!.terms.find((t) => t.months === 12)!;
    const details = creditDetailsSchema.parse(creditInput(filled()));
    expect(details).toMatchObject({
      creditProvider: 'unicredit',
      firstAmount: 20_000,
      creditAmount: 109_900,
      monthsNumber: 12,
      perMonth: offer.perMonthEur,
      GLP: offer.glp,
      GPR: offer.gpr,
    });
  });

  it('given no term chosen, then the term select shows the error', () => {
    expect(fieldOfProblem(filled({ creditMonths: '' }))).toBe('creditMonths');
  });

  it('given a down payment that takes the whole price, then the down payment shows the error', () => {
    expect(fieldOfProblem(filled({ creditFirstAmount: '1299' }))).toBe('creditFirstAmount');
  });

  it('given a wrong ЕГН, then the ЕГН input shows the error', () => {
    expect(fieldOfProblem(filled({ creditEgn: '1234567890' }))).toBe('creditEgn');
  });

  it('given the personal and shipping steps, then the applicant fields are pre-filled from them', () => {
    expect(
      creditPrefill({
        firstName: 'Мария',
        lastName: 'Иванова',
        emailAddress: 'm@example.bg',
        egn: '',
        phoneNumber: '0888123456',
        city: 'Варна',
        streetAddress: 'ул. Цар Симеон 1',
      }),
    ).toEqual({
      creditFullName: 'Мария Иванова',
      creditEgn: '',
      creditEmail: 'm@example.bg',
      creditPhone: '0888123456',
      creditTown: 'Варна',
      creditAddress: 'ул. Цар Симеон 1',
    });
  });
});
