import { describe, expect, it } from 'vitest';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import {
  checkCreditFigures,
  creditDetailsSchema,
  creditMessageKey,
  creditOffers,
  type CreditDetailsInput,
} from '../../../schema/credit/index.ts';
import { CREDIT_APPLICANT } from '../../support/credit-applicant.ts';

const TOTAL = 150_000;
const DOWN = 20_000;
const twelve = creditOffers(TOTAL, DOWN, 'unicredit')[0]!.terms.find((t) => t.months === 12)!;

/** An application as the checkout's form builds it from the calculator's offer. */
const validCredit: CreditDetailsInput = {
  creditProvider: 'unicredit',
  ...CREDIT_APPLICANT,
  firstAmount: DOWN,
  creditAmount: TOTAL - DOWN,
  monthsNumber: 12,
  perMonth: twelve.perMonthEur,
  GLP: twelve.glp,
  GPR: twelve.gpr,
};

const problem = (value: unknown) => {
  const parsed = creditDetailsSchema.safeParse(value);
  return parsed.success ? undefined : describeZodError(parsed.error);
};

describe('creditDetails', () => {
  it("given the calculator's figures and valid personal details, then they parse, the phone normalised", () => {
    const parsed = creditDetailsSchema.parse(validCredit);
    expect(parsed.phone).toBe('+359888123456');
    expect(checkCreditFigures(parsed, TOTAL)).toEqual({ ok: true });
  });

  it('given no provider, then it is unicredit (the spec’s default)', () => {
    const { creditProvider: _omitted, ...rest } = validCredit;
    expect(creditDetailsSchema.parse(rest).creditProvider).toBe('unicredit');
  });

  it('given a forged instalment, then perMonth is named with the calculator message', () => {
    const found = problem({ ...validCredit, perMonth: validCredit.perMonth - 100 });
    expect(found?.field).toBe('perMonth');
    expect(creditMessageKey(found!.message.split(': ')[1]!)).toBe('credit.validation.figureMismatch');
  });

  it('given a forged ГПР or ГЛП, then GPR or GLP is named', () => {
    expect(problem({ ...validCredit, GPR: 9.99 })?.field).toBe('GPR');
    expect(problem({ ...validCredit, GLP: 0 })?.field).toBe('GLP');
  });

  it('given a term the provider does not offer, then monthsNumber is named', () => {
    expect(problem({ ...validCredit, monthsNumber: 11 })?.field).toBe('monthsNumber');
  });

  it('given an invalid ЕГН, then egn is named', () => {
    expect(problem({ ...validCredit, egn: '0543151231' })?.field).toBe('egn');
  });

  it('given a foreign phone, a blank town or an unknown provider, then that field is named', () => {
    expect(problem({ ...validCredit, phone: '+44 20 7946 0958' })?.field).toBe('phone');
    expect(problem({ ...validCredit, town: '  ' })?.field).toBe('town');
    expect(problem({ ...validCredit, creditProvider: 'tbi' })?.field).toBe('creditProvider');
  });

  it('given a credit and down payment that do not make the cart total, then creditAmount is named', () => {
    const parsed = creditDetailsSchema.parse(validCredit);
    expect(checkCreditFigures(parsed, TOTAL + 1)).toMatchObject({ ok: false, field: 'creditAmount' });
  });
});
