import { describe, expect, it } from 'vitest';
import { blankCheckout, type CheckoutValues } from '../../../client/checkout/checkout-fields.ts';
import { checkoutDetailsOf, stepIssues } from '../../../client/checkout/checkout-details.ts';
import { creditOffers } from '../../../schema/credit/index.ts';

// The checkout's payment step with the credit form's flat fields (client/checkout/credit-fields.ts).
const values = (over: Partial<CheckoutValues> = {}): CheckoutValues => ({
  ...blankCheckout(),
  firstName: 'Иван',
  lastName: 'Петров',
  emailAddress: 'ivan@example.bg',
  shipFirstName: 'Иван',
  shipLastName: 'Петров',
  streetAddress: 'ул. Шипка 6',
  city: 'София',
  zipCode: '1000',
  phoneNumber: '0888123456',
  paymentMethod: 'credit',
  creditMonths: '12',
  creditFullName: 'Иван Петров',
  creditEgn: '0543151230',
  creditEmail: 'ivan@example.bg',
  creditPhone: '0888123456',
  creditTown: 'София',
  creditAddress: 'ул. Шипка 6',
  creditPrice: '129900',
  termsAccepted: 'true',
  ...over,
});

describe('the payment step when buying on credit', () => {
  it('given a chosen term and the applicant, then the step is complete and the order carries the figures', () => {
    expect(stepIssues('payment', values())).toEqual([]);
    const offer = creditOffers(129_900, 0, 'unicredit')[0]!.terms.find((t) => t.months === 12)!;
    expect(checkoutDetailsOf(values())?.payment.credit).toMatchObject({
      monthsNumber: 12,
      perMonth: offer.perMonthEur,
    });
  });

  it('given no term or a wrong ЕГН, then the step names the credit input', () => {
    expect(stepIssues('payment', values({ creditMonths: '' }))[0]?.field).toBe('creditMonths');
    expect(stepIssues('payment', values({ creditEgn: '1' }))[0]?.field).toBe('creditEgn');
  });

  it('given cash on delivery, then the credit fields are not checked nor sent', () => {
    const cash = values({ paymentMethod: 'cashondelivery', creditEgn: '' });
    expect(stepIssues('payment', cash)).toEqual([]);
    expect(checkoutDetailsOf(cash)?.payment.credit).toBeUndefined();
  });
});
