import { describe, expect, it } from 'vitest';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import { checkoutDetailsSchema } from '../../../schema/checkout/details.ts';
import { creditOffers } from '../../../schema/credit/index.ts';
import { validDetails } from '../../support/orders.ts';

const offer = creditOffers(100_000, 0, 'unicredit')[0]!.terms.find((t) => t.months === 24)!;
const credit = {
  creditProvider: 'unicredit',
  fullName: 'Мария Георгиева',
  egn: '0543151230',
  email: 'maria@example.bg',
  phone: '0888123456',
  town: 'Пловдив',
  address: 'бул. Марица 1',
  firstAmount: 0,
  creditAmount: 100_000,
  monthsNumber: 24,
  perMonth: offer.perMonthEur,
  GLP: offer.glp,
  GPR: offer.gpr,
  comment: '',
};

const withPayment = (payment: Record<string, unknown>) => ({ ...validDetails, payment });
const problem = (value: unknown) => {
  const parsed = checkoutDetailsSchema.safeParse(value);
  return parsed.success ? undefined : describeZodError(parsed.error);
};

describe("the checkout's payment details with credit", () => {
  it('given "credit" with the application, then the details are valid and carry it', () => {
    const parsed = checkoutDetailsSchema.parse(withPayment({ paymentMethod: 'credit', credit }));
    expect(parsed.payment.credit?.monthsNumber).toBe(24);
    expect(parsed.payment.credit?.comment).toBeUndefined();
  });

  it('given "credit" without the application, then payment.credit is named', () => {
    expect(problem(withPayment({ paymentMethod: 'credit' }))?.field).toBe('payment.credit');
  });

  it('given another method with an application, then payment.credit is named', () => {
    expect(problem(withPayment({ paymentMethod: 'cashondelivery', credit }))?.field).toBe('payment.credit');
  });

  it('given a wrong field in the application, then payment.credit.<field> is named', () => {
    expect(problem(withPayment({ paymentMethod: 'credit', credit: { ...credit, egn: '123' } }))?.field).toBe(
      'payment.credit.egn',
    );
    expect(
      problem(withPayment({ paymentMethod: 'credit', credit: { ...credit, perMonth: credit.perMonth + 1 } }))?.field,
    ).toBe('payment.credit.perMonth');
  });
});
