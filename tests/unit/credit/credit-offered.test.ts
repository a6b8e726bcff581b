import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { creditOffered } from '../../../schema/credit/limits.ts';
import { lowestMonthlyOffer } from '../../../schema/credit/offers.ts';
import { bgnToEurCents } from '../../../schema/money/currency.ts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalog } from '../../../tools/catalog/generate-catalog.ts';

/**
 * The product page holds the credit offer's place while the calculator's chunk loads only where the offer will
 * be there (issue 29, item 14): a place held for no offer, or an offer without one, moves the page.
 */
describe('whether credit is offered for a price', () => {
  it('agrees with the calculator for every euro price, cent by cent around each limit and at random', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 4_000_000 }),
          fc.constantFrom(9_999, 10_000, 14_999, 15_000, 29_999, 30_000, 1_000_000, 1_000_001, 3_000_000, 3_000_001),
        ),
        (priceEur) => {
          expect(creditOffered(priceEur)).toBe(lowestMonthlyOffer(priceEur) !== undefined);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('agrees with the calculator for every product of the catalogue the store ships', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    const { products } = generateCatalog({ products: DEFAULT_PRODUCT_COUNT, seed: DEFAULT_SEED, now });
    const prices = products.map((p) => bgnToEurCents(effectivePrice(p, now).finalPriceInclTax ?? 0));
    const disagreeing = prices.filter((price) => creditOffered(price) !== (lowestMonthlyOffer(price) !== undefined));
    expect(disagreeing).toEqual([]);
    // Both kinds are there: machines on credit, accessories too cheap for it.
    expect(prices.some(creditOffered)).toBe(true);
    expect(prices.some((price) => !creditOffered(price))).toBe(true);
  });
});
