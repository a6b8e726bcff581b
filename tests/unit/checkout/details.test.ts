import { describe, expect, it } from 'vitest';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import { checkoutDetailsSchema, shippingDetailsSchema } from '../../../schema/checkout/details.ts';
import { checkoutMessageIn } from '../../../schema/checkout/messages.ts';
import { validDetails } from '../../support/orders.ts';

const problem = (value: unknown) => {
  const parsed = checkoutDetailsSchema.safeParse(value);
  return parsed.success ? undefined : describeZodError(parsed.error);
};

describe('checkout details', () => {
  it('given complete details, then they are valid', () => {
    expect(problem(validDetails)).toBeUndefined();
  });

  it('given a zip of 3 digits, then the zip is refused with its message', () => {
    const found = problem({ ...validDetails, shipping: { ...validDetails.shipping, zipCode: '100' } });
    expect(found?.field).toBe('shipping.zipCode');
    expect(checkoutMessageIn(found!.message.split(': ')[1]!, 'en')).toBe('The zip code must have 4 digits.');
  });

  it('given terms not accepted, then termsAccepted is named', () => {
    expect(problem({ ...validDetails, termsAccepted: false })?.field).toBe('termsAccepted');
  });

  it('given an unknown shipping method, then shipping.shippingMethod is named', () => {
    expect(problem({ ...validDetails, shipping: { ...validDetails.shipping, shippingMethod: 'drone' } })?.field).toBe(
      'shipping.shippingMethod',
    );
  });

  it("given the courier's office without an office, then officeName is named", () => {
    const parsed = shippingDetailsSchema.safeParse({ ...validDetails.shipping, shippingMethod: 'courier-office' });
    expect(parsed.success).toBe(false);
    expect(describeZodError(parsed.error!).field).toBe('officeName');
  });

  it('given a company invoice with a bad ЕИК, then payment.invoice.taxId is named', () => {
    const invoice = {
      company: 'Ябълка ООД',
      taxId: '123456788',
      mol: 'Иван Петров',
      city: 'София',
      streetAddress: 'ул. 1',
    };
    expect(problem({ ...validDetails, payment: { paymentMethod: 'banktransfer', invoice } })?.field).toBe(
      'payment.invoice.taxId',
    );
  });

  it('given a password, then it is refused: no password travels with an order', () => {
    expect(problem({ ...validDetails, personal: { ...validDetails.personal, password: 'secret123' } })?.field).toBe(
      'personal.password',
    );
  });
});
