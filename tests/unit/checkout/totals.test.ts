import { describe, expect, it } from 'vitest';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { checkoutTotals, eurToBgnStotinki, unitPriceEurOf, vatPartOf } from '../../../schema/checkout/totals.ts';
import { paymentMethodsFor, shippingMethodByCode, SHIPPING_METHODS } from '../../../schema/checkout/methods.ts';

/** The one totals function (issue 16 "Money"): euro cents, VAT included, shipping once per order. */
describe('checkout totals', () => {
  it('given a unit price in leva, when converted, then it is the lev price / 1.95583 half-up per unit', () => {
    // 2,399.00 лв -> 1,226.59 € (the spec's 1.9558 would give 1,226.60)
    expect(unitPriceEurOf(239_900)).toBe(122_659);
    // 1 стотинка -> 0.51 of a cent rounds up to 1 cent; 0.99 лв -> 0.506 € -> 0.51 €
    expect(unitPriceEurOf(99)).toBe(51);
  });

  it('given lines, when totalled, then a line is the euro unit price times qty, never the converted line', () => {
    const unit = unitPriceEurOf(99); // 51 cents
    const totals = checkoutTotals({ lines: [{ qty: 3, unitPriceInclTaxEur: unit }] });
    expect(totals.subtotalInclTaxEur).toBe(153);
    // converting the whole line (2.97 лв) would give 152 cents: the order charges the per-unit figure
    expect(bgnToEurCents(297)).toBe(152);
  });

  it('given two lines and the courier, when totalled, then shipping is counted once, not per line', () => {
    const totals = checkoutTotals({
      lines: [
        { qty: 2, unitPriceInclTaxEur: 10_000 },
        { qty: 1, unitPriceInclTaxEur: 5_000 },
      ],
      shipping: 'courier',
      payment: 'cashondelivery',
    });
    const courier = shippingMethodByCode('courier')!.priceInclTaxEur;
    expect(courier).toBe(256); // 5 лв with VAT
    expect(totals.shippingEur).toBe(courier);
    expect(totals.grandTotalEur).toBe(25_000 + courier);
  });

  it('given prices with VAT, when totalled, then tax is the VAT part of the grand total (x 20/120, half-up)', () => {
    const totals = checkoutTotals({ lines: [{ qty: 1, unitPriceInclTaxEur: 1_000 }], shipping: 'pickup' });
    expect(totals.taxEur).toBe(167); // 1000 / 6 = 166.67
    expect(vatPartOf(1_200)).toBe(200);
    expect(vatPartOf(3)).toBe(1); // 0.5 rounds up
    expect(vatPartOf(2)).toBe(0);
  });

  it('given a discount, when totalled, then it is subtracted, capped at the subtotal, and shown as a segment', () => {
    const totals = checkoutTotals({
      lines: [{ qty: 1, unitPriceInclTaxEur: 1_000 }],
      shipping: 'courier',
      discountEur: 5_000,
    });
    expect(totals.discountEur).toBe(1_000);
    expect(totals.grandTotalEur).toBe(totals.shippingEur);
    expect(totals.segments.map((s) => s.code)).toEqual([
      'subtotal',
      'discount',
      'shipping',
      'payment',
      'tax',
      'grand_total',
    ]);
    expect(totals.segments.find((s) => s.code === 'discount')!.valueEur).toBe(-1_000);
  });

  it('given a grand total in euro, then the lev figure for reference uses the fixed rate, and the rate is kept', () => {
    const totals = checkoutTotals({ lines: [{ qty: 1, unitPriceInclTaxEur: 122_659 }] });
    expect(totals.rate).toBe(1.95583);
    expect(totals.grandTotalBgn).toBe(eurToBgnStotinki(122_659));
    expect(totals.grandTotalBgn).toBe(239_900); // 1226.59 × 1.95583 = 2398.9995 -> 2399.00
  });

  it('given an empty cart, then nothing is charged, shipping included', () => {
    const totals = checkoutTotals({ lines: [], shipping: 'courier' });
    expect(totals.grandTotalEur).toBe(0);
    expect(totals.shippingEur).toBe(0);
  });
});

describe('shipping and payment methods', () => {
  it('offers the courier flat rate (default), the office and pickup (free)', () => {
    expect(SHIPPING_METHODS.map((m) => m.code)).toEqual(['courier', 'courier-office', 'pickup']);
    expect(SHIPPING_METHODS.find((m) => m.default)?.code).toBe('courier');
    expect(shippingMethodByCode('pickup')!.priceInclTaxEur).toBe(0);
    expect(shippingMethodByCode('drone')).toBeUndefined();
  });

  it('hides cash on delivery when every line is virtual or downloadable, and only then', () => {
    const codes = (lines: { typeId?: string }[]) => paymentMethodsFor(lines).map((m) => m.code);
    const all = ['cashondelivery', 'banktransfer', 'card', 'paypal', 'credit'];
    expect(codes([{ typeId: 'virtual' }, { typeId: 'downloadable' }])).toEqual(
      all.filter((c) => c !== 'cashondelivery'),
    );
    expect(codes([{ typeId: 'virtual' }, { typeId: 'simple' }])).toEqual(all);
    expect(codes([])).toEqual(all);
  });
});
