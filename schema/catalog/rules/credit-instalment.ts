import { annuityInstalment } from '../../credit/rates.ts';

/**
 * Superseded by the providers' calculator (schema/credit: terms, ГЛП, ГПР, the legal cap), which the product page
 * and the checkout use; kept for its exports, on the same annuity formula.
 *
 * Consumer credit on the product page ("from X лв./month"), by the annuity formula of /work/shared/BULGARIA.md:
 * A = P·r / (1 - (1 + r)^-n) with r = ГЛП / 12. Money in stotinki (or cents: the formula does not care which).
 */

/** The terms the product page offers, months. Our choice: the two most Bulgarian shops quote first. */
export const CREDIT_TERMS_MONTHS = [12, 24] as const;

/**
 * The annual interest rate (ГЛП), percent, the page's estimate uses. A provider's real rate and fees come with its
 * offer (no third-party call is made here); 10% is a typical one for electronics and BULGARIA.md's worked example.
 */
export const CREDIT_ANNUAL_RATE_PERCENT = 10;

/**
 * The monthly instalment for `principal` over `months` at `annualRatePercent`, half-up to the stotinka. 0% is
 * the principal spread evenly. Throws on a term that is not a whole number of months of at least 1, or a
 * negative rate or principal: those are programming errors, not shopper input.
 */
export const monthlyInstalment = (principal: number, annualRatePercent: number, months: number): number => {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a whole number >= 1: ${months}`);
  if (!(annualRatePercent >= 0) || !(principal >= 0)) throw new RangeError('rate and principal must be >= 0');
  return Math.round(annuityInstalment(principal, annualRatePercent / 100 / 12, months));
};

export interface CreditOffer {
  readonly months: number;
  readonly monthly: number;
  /** What the shopper pays over the whole term (monthly × months). */
  readonly total: number;
}

/** One offer per term for a price; none for a price of 0 (a product without a price cannot be financed). */
export const creditOffers = (
  price: number,
  terms: readonly number[] = CREDIT_TERMS_MONTHS,
  annualRatePercent: number = CREDIT_ANNUAL_RATE_PERCENT,
): CreditOffer[] =>
  price <= 0
    ? []
    : terms.map((months) => {
        const monthly = monthlyInstalment(price, annualRatePercent, months);
        return { months, monthly, total: monthly * months };
      });
