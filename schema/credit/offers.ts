import {
  CREDIT_PROVIDERS,
  creditProviderByCode,
  type CreditPricing,
  type CreditProvider,
  type CreditProviderCode,
  type CreditProviderId,
} from './providers.ts';
import { annualPercentageRate, annuityInstalment, cents, flatInstalment, monthlyRateOf, percent2 } from './rates.ts';

/**
 * The credit calculator (spec commerce.md section 7, "Credit calculator"): for a price and a down payment, the terms
 * each provider offers with the instalment, the total, ГЛП and ГПР. Pure, so the checkout computes on the device
 * (offline too) exactly what the server's calculator answers and checks.
 */

/**
 * The legal cap on ГПР (Bulgarian Consumer Credit Act, art. 19(4), as BULGARIA.md gives it for 2026): five times the
 * statutory interest rate (ECB main refinancing rate + 8 points = 10.15%), i.e. 50.75%. An offer over it is not made.
 */
export const STATUTORY_RATE_PERCENT = 10.15;
export const GPR_CAP_PERCENT = 5 * STATUTORY_RATE_PERCENT;

export interface CreditTermOffer {
  readonly months: number;
  /** Euro cents, half-up. */
  readonly perMonthEur: number;
  /**
   * The last instalment, euro cents: the annuity's exact total less the months before it at `perMonthEur`, so the
   * instalments stated add up to the total (lenders let the last one absorb the cents). Often equal to perMonthEur.
   */
  readonly lastInstalmentEur: number;
  /** Every instalment and the fees, euro cents: (months - 1) × perMonthEur + lastInstalmentEur + feeEur. */
  readonly totalEur: number;
  readonly feeEur: number;
  /** Percent, two decimals. */
  readonly glp: number;
  readonly gpr: number;
}

export interface ProviderOffers {
  readonly providerId: CreditProviderId;
  readonly provider: CreditProviderCode;
  readonly name: string;
  readonly priceEur: number;
  readonly downPaymentEur: number;
  readonly creditAmountEur: number;
  /** The terms offered, shortest first; empty when the credit is outside the provider's limits. */
  readonly terms: readonly CreditTermOffer[];
}

const exactInstalment = (pricing: CreditPricing, credit: number, months: number): number | undefined => {
  switch (pricing.kind) {
    case 'flat':
      return flatInstalment(credit, pricing.monthlyMarkup, months);
    case 'coefficient': {
      const coefficient = pricing.coefficients[months];
      return coefficient === undefined ? undefined : credit * coefficient;
    }
    case 'annuity':
      return annuityInstalment(credit, pricing.annualRate / 12, months);
  }
};

/** One term of one provider for `credit` euro cents, or undefined when it is not offered (limits, the cap). */
export const termOffer = (provider: CreditProvider, credit: number, months: number): CreditTermOffer | undefined => {
  const rule = provider.terms.find((t) => t.months === months);
  if (!rule || credit < Math.max(rule.minCreditEur, provider.minCreditEur) || credit > provider.maxCreditEur) {
    return undefined;
  }
  const instalment = exactInstalment(provider.pricing, credit, months);
  if (instalment === undefined) return undefined;
  const fee = provider.upfrontFeeEur;
  const apr = annualPercentageRate(credit, instalment, months, fee);
  const gpr = percent2(apr);
  if (gpr > GPR_CAP_PERCENT) return undefined;
  const perMonthEur = cents(instalment);
  const instalmentsEur = cents(instalment * months);
  return {
    months,
    perMonthEur,
    lastInstalmentEur: instalmentsEur - perMonthEur * (months - 1),
    totalEur: instalmentsEur + fee,
    feeEur: fee,
    glp: percent2(12 * monthlyRateOf(credit, instalment, months)),
    gpr,
  };
};

/** A provider's offers; none when the down payment is negative, not whole cents, or not below the price. */
export const providerOffers = (provider: CreditProvider, priceEur: number, downPaymentEur: number): ProviderOffers => {
  const valid =
    Number.isInteger(priceEur) && Number.isInteger(downPaymentEur) && downPaymentEur >= 0 && downPaymentEur < priceEur;
  const credit = valid ? priceEur - downPaymentEur : 0;
  return {
    providerId: provider.id,
    provider: provider.code,
    name: provider.name,
    priceEur,
    downPaymentEur,
    creditAmountEur: credit,
    terms: valid
      ? provider.terms.flatMap((rule) => {
          const offer = termOffer(provider, credit, rule.months);
          return offer ? [offer] : [];
        })
      : [],
  };
};

/** Per provider (or the one asked for), the terms offered for a price less a down payment, euro cents. */
export const creditOffers = (
  priceEur: number,
  downPaymentEur = 0,
  providerCode?: CreditProviderCode,
): ProviderOffers[] => {
  const providers = providerCode ? [creditProviderByCode(providerCode)!] : CREDIT_PROVIDERS;
  return providers.map((provider) => providerOffers(provider, priceEur, downPaymentEur));
};

/** The product page's "from X a month": the lowest instalment any provider offers with no down payment. */
export interface LowestMonthlyOffer {
  readonly offer: CreditTermOffer;
  readonly provider: CreditProviderCode;
  /** Every term that provider offers for the price, for the page's table (computed once, with the rest). */
  readonly terms: readonly CreditTermOffer[];
}

export const lowestMonthlyOffer = (priceEur: number): LowestMonthlyOffer | undefined => {
  let best: LowestMonthlyOffer | undefined;
  for (const offers of creditOffers(priceEur, 0)) {
    for (const offer of offers.terms) {
      if (!best || offer.perMonthEur < best.offer.perMonthEur) {
        best = { offer, provider: offers.provider, terms: offers.terms };
      }
    }
  }
  return best;
};
