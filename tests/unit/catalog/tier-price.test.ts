import { describe, expect, it } from 'vitest';
import {
  ALL_GROUPS,
  applicableTierPrices,
  NOT_LOGGED_IN_GROUP,
  tierUnitPrice,
} from '../../../schema/catalog/rules/tier-price.ts';

const RETAIL = NOT_LOGGED_IN_GROUP;
const WHOLESALE = 2;
const tiers = [
  { customer_group_id: ALL_GROUPS, qty: 10, value: 9_000 },
  { customer_group_id: WHOLESALE, qty: 5, value: 8_800 },
  { customer_group_id: WHOLESALE, qty: 20, value: 8_000 },
  { customer_group_id: 3, qty: 1, value: 5_000 },
];
const base = 10_000;

// Spec section 6: "With price tiers enabled, the user's group id and group token are sent with product searches".
// The unit price: the lowest tier of the shopper's group (or of all groups, Magento's 32000) whose qty is reached.
describe('tier prices', () => {
  it('given a quantity below every tier, then the base price applies', () => {
    expect(tierUnitPrice(tiers, WHOLESALE, 4, base)).toBe(10_000);
  });

  it("given a quantity reaching the group's tier, then that tier's price applies", () => {
    expect(tierUnitPrice(tiers, WHOLESALE, 5, base)).toBe(8_800);
  });

  it('given a quantity reaching several tiers, then the lowest of them applies', () => {
    expect(tierUnitPrice(tiers, WHOLESALE, 25, base)).toBe(8_000);
    expect(applicableTierPrices(tiers, WHOLESALE, 25).map((t) => t.value)).toEqual([9_000, 8_800, 8_000]);
  });

  it('given the all-groups tier (32000), then every group gets it, a guest too', () => {
    expect(ALL_GROUPS).toBe(32000);
    expect(tierUnitPrice(tiers, RETAIL, 10, base)).toBe(9_000);
  });

  it("given another group's tier, then it does not apply", () => {
    expect(tierUnitPrice(tiers, RETAIL, 1, base)).toBe(10_000);
  });

  it('given a base price (a special price) lower than the tier, then the base stays: a tier never raises the price', () => {
    expect(tierUnitPrice(tiers, WHOLESALE, 5, 8_500)).toBe(8_500);
  });

  it('given no tiers, then the base price applies', () => {
    expect(tierUnitPrice([], WHOLESALE, 100, base)).toBe(10_000);
  });
});
