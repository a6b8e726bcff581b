import { describe, expect, it } from 'vitest';
import { checkoutDetailsOf, stepIssues } from '../../../client/checkout/checkout-details.ts';
import { blankCheckout, type CheckoutValues } from '../../../client/checkout/checkout-fields.ts';
import { clearCheckoutDraft, readCheckoutDraft, writeCheckoutDraft } from '../../../client/checkout/draft.ts';
import { reviewedLinesOf, reviewedTotalsOf } from '../../../client/checkout/order-lines.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const filled = (): CheckoutValues => ({
  ...blankCheckout(),
  firstName: 'Мария',
  lastName: 'Петрова',
  emailAddress: 'maria@example.bg',
  shipFirstName: 'Мария',
  shipLastName: 'Петрова',
  streetAddress: 'ул. Шипка 6',
  city: 'София',
  zipCode: '1000',
  phoneNumber: '0888123456',
  shippingMethod: 'courier',
  paymentMethod: 'banktransfer',
  termsAccepted: 'true',
});

describe('the checkout form', () => {
  it('given every step filled, then the details are what the order command carries', () => {
    const details = checkoutDetailsOf(filled());
    expect(details).toMatchObject({
      shipping: { country: 'BG', zipCode: '1000' },
      payment: { paymentMethod: 'banktransfer' },
      termsAccepted: true,
    });
    expect(details?.payment.invoice).toBeUndefined();
  });

  it('given a company invoice asked for, when its ЕИК is wrong, then the error is on the ЕИК field of the payment step', () => {
    const values = {
      ...filled(),
      wantInvoice: 'true',
      company: 'Ябълка ООД',
      taxId: '201234567',
      mol: 'Мария Петрова',
      invoiceCity: 'София',
      invoiceStreet: 'ул. Шипка 6',
    };
    expect(stepIssues('payment', values).map((i) => i.field)).toEqual(['taxId']);
    expect(checkoutDetailsOf({ ...values, taxId: '831642181' })?.payment.invoice).toMatchObject({ taxId: '831642181' });
  });

  it('given an empty shipping step, then each field is named, the shipping names by their own fields', () => {
    const fields = stepIssues('shipping', { ...blankCheckout(), shippingMethod: 'courier' }).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['shipFirstName', 'shipLastName', 'streetAddress', 'city', 'zipCode', 'phoneNumber']),
    );
  });

  it('given the office courier, then the office is required', () => {
    expect(stepIssues('shipping', { ...filled(), shippingMethod: 'courier-office' }).map((i) => i.field)).toEqual([
      'officeName',
    ]);
  });

  it('given an account asked for, then the password is checked; the terms must be accepted', () => {
    expect(
      stepIssues('personal', { ...filled(), createAccount: 'true', password: 'short' }).map((i) => i.field),
    ).toEqual(['password']);
    expect(stepIssues('review', { ...filled(), termsAccepted: '' }).map((i) => i.field)).toEqual(['termsAccepted']);
  });
});

describe('the checkout draft', () => {
  it('given a draft written, when read back by its owner, then everything but the password is there; another owner has none', () => {
    const storage = new MemoryStorage();
    const values = { ...filled(), createAccount: 'true', password: 'тайна-парола-1' };
    writeCheckoutDraft(storage, 'owner-a', {
      step: 'payment',
      values,
      orderId: '0190a8f2-7c3e-7000-8000-00000000000a',
    });
    expect([...storage.items.values()].join()).not.toContain('тайна');
    const draft = readCheckoutDraft(storage, 'owner-a');
    expect(draft).toMatchObject({ step: 'payment', orderId: '0190a8f2-7c3e-7000-8000-00000000000a' });
    expect(draft?.values).toMatchObject({ zipCode: '1000', password: '', createAccount: '' });
    expect(readCheckoutDraft(storage, 'owner-b')).toBeUndefined();
    clearCheckoutDraft(storage, 'owner-a');
    expect(readCheckoutDraft(storage, 'owner-a')).toBeUndefined();
  });

  it('given an unreadable draft, then the checkout starts clean rather than failing', () => {
    const storage = new MemoryStorage();
    storage.setItem('checkout.draft.owner-a', '{not json');
    expect(readCheckoutDraft(storage, 'owner-a')).toBeUndefined();
  });
});

describe('what the shopper reviews', () => {
  it('given lev prices, then each unit is converted to euro half-up, a line is unit × qty, shipping is counted once', () => {
    const lines = reviewedLinesOf([
      { lineId: 'a', sku: 'A', name: 'A', qty: 3, unitPriceInclTax: 1_000, options: {} },
      { lineId: 'b', sku: 'B', name: 'B', qty: 1, unitPriceInclTax: 199, options: {} },
    ]);
    // 10.00 лв = 5.11 € (5.1129 half-up); 1.99 лв = 1.02 € (1.0175 half-up).
    expect(lines.map((l) => l.unitPriceInclTaxEur)).toEqual([511, 102]);
    const totals = reviewedTotalsOf(lines, 'courier', 'cashondelivery', undefined);
    expect(totals.subtotalInclTaxEur).toBe(3 * 511 + 102);
    expect(totals.grandTotalEur).toBe(3 * 511 + 102 + totals.shippingEur);
    expect(totals.shippingEur).toBe(256);
  });

  it('given a percent coupon, then its discount comes off the euro subtotal', () => {
    const lines = reviewedLinesOf([
      { lineId: 'a', sku: 'A', name: 'A', qty: 1, unitPriceInclTax: 10_000, options: {} },
    ]);
    const totals = reviewedTotalsOf(lines, 'pickup', 'banktransfer', { kind: 'percent', value: 10 });
    expect(totals.discountEur).toBe(511);
    expect(totals.grandTotalEur).toBe(5_113 - 511);
  });
});
