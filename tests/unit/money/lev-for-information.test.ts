import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../schema/catalog/rules/format-price.ts';
import { checkoutTotals, unitPriceEurOf } from '../../../schema/checkout/totals.ts';
import { shippingMethodByCode } from '../../../schema/checkout/methods.ts';
import { bgnToEurCents, formatDualEuro, formatEurWithLev, levForInformation } from '../../../schema/money/currency.ts';

const NBSP = '\u00a0';
const lev = (text: string | null | undefined): string => /(\d[\d\u00a0]*,\d\d)\u00a0лв\./.exec(text ?? '')?.[1] ?? '';

// Issue 29 item 3: a unit read 299,00 лв. and its line 299,01 лв.; the shop charges euro, so every lev figure is the
// euro figure beside it × 1.95583, half-up, and says it is for information.
describe('the lev figure beside every euro figure', () => {
  it('a unit of 299 лв. and its line of one read the same leva: those of the 152,88 € charged', () => {
    const unit = formatPrice(29_900, 'EUR');
    const line = formatDualEuro(unitPriceEurOf(29_900) * 1, 'EUR');
    expect(unit).toMatchObject({ primary: `152,88${NBSP}€` });
    expect(line.primary).toBe(`152,88${NBSP}€`);
    expect(lev(unit.kind === 'amount' ? unit.secondary : null)).toBe('299,01');
    expect(lev(line.secondary)).toBe('299,01');
  });

  it('the cart total of 299 + 1 199 лв. reads the sum of the lines in leva too (299,01 + 1 199,00 = 1 498,01)', () => {
    const totals = checkoutTotals({
      lines: [29_900, 119_900].map((stotinki) => ({ qty: 1, unitPriceInclTaxEur: unitPriceEurOf(stotinki) })),
    });
    const units = [29_900, 119_900].map((stotinki) => lev(formatDualEuro(unitPriceEurOf(stotinki)).secondary));
    expect(units).toEqual(['299,01', `1${NBSP}199,00`]);
    expect(lev(formatDualEuro(totals.grandTotalEur).secondary)).toBe(`1${NBSP}498,01`);
  });

  it('the lev figure is marked as information, in both languages', () => {
    expect(formatDualEuro(15_288).secondary).toBe(`(за информация: 299,01${NBSP}лв.)`);
    expect(formatDualEuro(15_288, 'EUR', 'en-GB').secondary).toMatch(/^\(for information: BGN\s299\.01\)$/);
    expect(formatEurWithLev(256)).toBe(`2,56${NBSP}€ (за информация: 5,01${NBSP}лв.)`);
  });

  it("shipping's 2,56 € reads its own leva, 5,01 лв., for information", () => {
    const courier = shippingMethodByCode('courier')!.priceInclTaxEur;
    expect(courier).toBe(256);
    expect(formatDualEuro(courier).secondary).toContain('5,01');
  });

  it('every catalogue price shows beside its euro figure exactly that euro figure × 1.95583, half-up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 900_000_000 }), (stotinki) => {
        const cents = bgnToEurCents(stotinki);
        const exact = (BigInt(cents) * 195_583n * 2n + 100_000n) / 200_000n; // half-up in exact integers
        expect(levForInformation(cents)).toBe(Number(exact));
        const shown = formatPrice(stotinki, 'EUR');
        const digits = lev(shown.kind === 'amount' ? shown.secondary : null).replace(/[\s\u00a0,]/g, '');
        expect(Number(digits)).toBe(Number(exact));
      }),
    );
  });
});
