import { describe, expect, it } from 'vitest';
import { unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import { creditOffers } from '../../../schema/credit/index.ts';
import { decideOrder } from '../../../schema/orders/order-rules.ts';
import { placePayload, productOf, validDetails } from '../../support/orders.ts';
import { contextOf, placeCommand } from './order-context.ts';
import { CREDIT_APPLICANT } from '../../support/credit-applicant.ts';

/** Re-validation at execution (issue 16 "Placing an order"): price, special price, stock, coupon, forged totals. */
describe('order re-validation', () => {
  const iphone = productOf('IP17-256-BLK', 239_900, 5);
  const eur = unitPriceEurOf(239_900);

  it('given the catalogue still charges what was reviewed, when placed, then the order is received with its lines', () => {
    const decision = decideOrder(
      placeCommand(placePayload([{ sku: iphone.sku, qty: 2, unitPriceInclTaxEur: eur }])),
      contextOf([iphone]),
    );
    expect(decision).toMatchObject({ kind: 'accepted', result: { status: 'received', orderNumber: 'BG-2026-000001' } });
    if (decision.kind !== 'accepted') return;
    expect(decision.event!.order.lines[0]).toMatchObject({ qty: 2, unitPriceInclTaxEur: eur, lineTotalEur: 2 * eur });
    expect(decision.event!.stock).toEqual([{ sku: iphone.sku, delta: -2 }]);
    expect(decision.event!.leavesCart).toBe(true);
  });

  it('given the price rose since the review, when placed, then it waits for confirmation with the differences, nothing reserved', () => {
    const dearer = productOf(iphone.sku, 249_900, 5);
    const payload = placePayload([{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: eur }]);
    const decision = decideOrder(placeCommand(payload), contextOf([dearer]));
    expect(decision.kind).toBe('accepted');
    if (decision.kind !== 'accepted') return;
    expect(decision.result.status).toBe('needs_confirmation');
    expect(decision.result.differences).toEqual([
      { field: `lines.${iphone.sku}.unitPriceInclTaxEur`, before: eur, after: unitPriceEurOf(249_900) },
      {
        field: 'grand_total',
        before: payload.reviewedTotalEur,
        after: payload.reviewedTotalEur - eur + unitPriceEurOf(249_900),
      },
    ]);
    expect(decision.event!.stock).toEqual([]);
    expect(decision.event!.leavesCart).toBe(false);
  });

  it('given the last units went meanwhile, when placed, then it is refused naming the sku, nothing stored', () => {
    const payload = placePayload([{ sku: iphone.sku, qty: 3, unitPriceInclTaxEur: eur }]);
    const decision = decideOrder(
      placeCommand(payload),
      contextOf([iphone], { stock: { [iphone.sku]: { isInStock: true, qty: 2 } } }),
    );
    expect(decision).toMatchObject({ kind: 'refused', code: 'insufficient_stock', field: 'lines.0.qty' });
    expect((decision as { message: string }).message).toContain(iphone.sku);
    const gone = decideOrder(
      placeCommand(payload),
      contextOf([iphone], { stock: { [iphone.sku]: { isInStock: false, qty: 0 } } }),
    );
    expect(gone).toMatchObject({ kind: 'refused', code: 'out_of_stock', field: 'lines.0.sku' });
  });

  it('given an order of virtual products only, when placed with cash on delivery, then it is refused naming the payment method', () => {
    const card = productOf('GIFT-50', 9_779, 5, { typeId: 'virtual' });
    const details = { ...validDetails, payment: { paymentMethod: 'cashondelivery' as const } };
    const lines = [{ sku: card.sku, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(9_779) }];
    expect(decideOrder(placeCommand(placePayload(lines, { details })), contextOf([card]))).toMatchObject({
      kind: 'refused',
      code: 'payment_unavailable',
      field: 'details.payment.paymentMethod',
    });
    const byTransfer = { ...validDetails, payment: { paymentMethod: 'banktransfer' as const } };
    expect(decideOrder(placeCommand(placePayload(lines, { details: byTransfer })), contextOf([card]))).toMatchObject({
      kind: 'accepted',
    });
  });

  it('given an order on credit, when its down payment and credit do not make the total, then it is refused naming the credit field', () => {
    const lines = [{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: eur }];
    const total = placePayload(lines).reviewedTotalEur;
    const creditFor = (borrowed: number) => {
      const term = creditOffers(borrowed, 0, 'unicredit')[0]!.terms.find((t) => t.months === 12)!;
      return {
        creditProvider: 'unicredit' as const,
        ...CREDIT_APPLICANT,
        firstAmount: 0,
        creditAmount: borrowed,
        monthsNumber: 12,
        perMonth: term.perMonthEur,
        GLP: term.glp,
        GPR: term.gpr,
      };
    };
    const onCredit = (borrowed: number) => ({
      ...validDetails,
      payment: { paymentMethod: 'credit' as const, credit: creditFor(borrowed) },
    });
    expect(
      decideOrder(placeCommand(placePayload(lines, { details: onCredit(total) })), contextOf([iphone])),
    ).toMatchObject({ kind: 'accepted', result: { status: 'received' } });
    expect(
      decideOrder(placeCommand(placePayload(lines, { details: onCredit(total - 10_000) })), contextOf([iphone])),
    ).toMatchObject({ kind: 'refused', code: 'credit_figures_invalid', field: 'details.payment.credit.creditAmount' });
  });

  it('given a product no longer sold, when placed, then it is refused naming the line', () => {
    const payload = placePayload([{ sku: 'GONE-1', qty: 1, unitPriceInclTaxEur: 100 }]);
    expect(decideOrder(placeCommand(payload), contextOf([iphone]))).toMatchObject({
      kind: 'refused',
      code: 'product_unavailable',
      field: 'lines.0.sku',
    });
  });

  it('given a forged total that the reviewed lines do not make, when placed, then it is refused naming reviewedTotalEur', () => {
    const payload = placePayload([{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: eur }]);
    const forged = { ...payload, reviewedTotalEur: 100 };
    expect(decideOrder(placeCommand(forged), contextOf([iphone]))).toMatchObject({
      kind: 'refused',
      code: 'total_mismatch',
      field: 'reviewedTotalEur',
    });
  });

  it('given a forged unit price carried through its total, when placed, then the real price needs confirmation', () => {
    const payload = placePayload([{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: 100 }]);
    const decision = decideOrder(placeCommand(payload), contextOf([iphone]));
    expect(decision).toMatchObject({ kind: 'accepted', result: { status: 'needs_confirmation' } });
  });

  it('given an unknown coupon, when placed, then couponCode is named; a coupon used up meanwhile needs confirmation', () => {
    const base = placePayload([{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: eur }]);
    const withCoupon = { ...base, couponCode: 'NOPE', reviewedTotalEur: base.reviewedTotalEur - 1_000 };
    expect(decideOrder(placeCommand(withCoupon), contextOf([iphone]))).toMatchObject({
      kind: 'refused',
      code: 'coupon_invalid',
      field: 'couponCode',
    });

    const granted = decideOrder(
      placeCommand({ ...withCoupon, couponCode: 'TEN' }),
      contextOf([iphone], { coupons: { TEN: { ok: true, discountEur: 1_000 } } }),
    );
    expect(granted).toMatchObject({
      kind: 'accepted',
      result: { status: 'received' },
      event: { redeemsCoupon: { code: 'TEN', discountEur: 1_000 } },
    });

    const usedUp = decideOrder(
      placeCommand({ ...withCoupon, couponCode: 'TEN' }),
      contextOf([iphone], { coupons: { TEN: { ok: false, code: 'coupon_invalid', message: 'used up' } } }),
    );
    expect(usedUp).toMatchObject({ kind: 'accepted', result: { status: 'needs_confirmation' } });
    expect((usedUp as { event?: { redeemsCoupon?: unknown } }).event?.redeemsCoupon).toBeUndefined();
  });

  it('given a special price inside its window, when placed at the special price, then it is received', () => {
    const onSale = productOf(iphone.sku, 199_900, 5);
    const payload = placePayload([{ sku: iphone.sku, qty: 1, unitPriceInclTaxEur: unitPriceEurOf(199_900) }]);
    expect(decideOrder(placeCommand(payload), contextOf([onSale]))).toMatchObject({ result: { status: 'received' } });
  });
});
