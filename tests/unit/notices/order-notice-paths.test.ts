import { describe, expect, it } from 'vitest';
import { asksToPay, orderNoticePath, orderShownAt } from '../../../client/notices/order-notice-paths.ts';

/** Where an order change's notice leads, and which pages count as having shown it. */
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe("an order notice's link", () => {
  it("given a logged-in user, then it leads to the order's page in the account", () => {
    expect(orderNoticePath(ORDER, true)).toBe(`/my-account/orders/${ORDER}`);
  });

  it('given a guest (no account pages), then it leads to the order on the thank-you page', () => {
    expect(orderNoticePath(ORDER, false)).toBe(`/checkout/thank-you/${ORDER}`);
  });

  it('given a change that asks for a payment, then the link says "pay now"; others say "view the order"', () => {
    expect(asksToPay('payment_awaiting')).toBe(true);
    expect(asksToPay('payment_declined')).toBe(true);
    expect(asksToPay('shipped')).toBe(false);
    expect(asksToPay('payment_paid')).toBe(false);
  });
});

describe('pages that show an order', () => {
  it("given the order's page, the thank-you page or the payment result, then that order is on the page", () => {
    expect(orderShownAt(`/my-account/orders/${ORDER}`)).toBe(ORDER);
    expect(orderShownAt(`/checkout/thank-you/${ORDER}`)).toBe(ORDER);
    expect(orderShownAt(`/payment/result/${ORDER}`)).toBe(ORDER);
  });

  it('given the home page or the list of orders, then no single order is shown', () => {
    expect(orderShownAt('/')).toBeUndefined();
    expect(orderShownAt('/my-account/orders')).toBeUndefined();
    expect(orderShownAt(`/my-account/orders/${ORDER}/extra`)).toBeUndefined();
  });
});
