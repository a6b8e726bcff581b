import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termOffer, type CreditTermOffer } from '../../../schema/credit/offers.ts';
import { CREDIT_PROVIDERS, creditProviderByCode, type CreditProvider } from '../../../schema/credit/providers.ts';

/** What the shopper pays over the plan: every instalment as the plan states them, and the fees. */
const paid = (offer: CreditTermOffer): number =>
  offer.perMonthEur * (offer.months - 1) + offer.lastInstalmentEur + offer.feeEur;

// Issue 29 item 4: 6 × 26,74 € is 160,44 €, but the plan showed 160,41 €: the total must be what is paid, with a
// different last instalment where the annuity's cents need one, as lenders state it.
describe("a credit plan's total", () => {
  it('BULGARIA.md: €1,000 over 12 months at 10% is 11 × 87,92 € and a last 87,87 €, 1 054,99 € in all', () => {
    const annuity: CreditProvider = {
      ...creditProviderByCode('dsk')!,
      upfrontFeeEur: 0,
      pricing: { kind: 'annuity', annualRate: 0.1 },
    };
    const offer = termOffer(annuity, 100_000, 12)!;
    expect(offer).toMatchObject({ perMonthEur: 8_792, lastInstalmentEur: 8_787, totalEur: 105_499 });
    expect(paid(offer)).toBe(offer.totalEur);
  });

  it('every term of every provider: the instalments stated add up to the total, the last within a few cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CREDIT_PROVIDERS),
        fc.integer({ min: 5_000, max: 2_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        (provider, credit, termIndex) => {
          const rule = provider.terms[termIndex % provider.terms.length]!;
          const offer = termOffer(provider, credit, rule.months);
          if (!offer) return;
          expect(paid(offer)).toBe(offer.totalEur);
          expect(Math.abs(offer.lastInstalmentEur - offer.perMonthEur)).toBeLessThanOrEqual(offer.months);
        },
      ),
    );
  });
});
