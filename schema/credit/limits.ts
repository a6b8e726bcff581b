/**
 * Each provider's least and most credit, euro cents (their reasons are in providers.ts). Apart from the calculator
 * so that a page can tell whether credit is offered for a price without loading it: the product page holds the
 * offer's place while its chunk loads (issue 29, item 14).
 */
export const CREDIT_LIMITS_EUR = {
  jetcredit: { min: 10_000, max: 1_000_000 },
  unicredit: { min: 15_000, max: 2_500_000 },
  dsk: { min: 30_000, max: 3_000_000 },
} as const;

/**
 * Whether some provider offers credit for a price (euro cents) with no down payment: exactly when
 * lowestMonthlyOffer finds a term (a property test holds the two together, tests/unit/credit).
 */
export const creditOffered = (priceEur: number): boolean =>
  Number.isInteger(priceEur) &&
  Object.values(CREDIT_LIMITS_EUR).some((limits) => priceEur >= limits.min && priceEur <= limits.max);
