import { bgnToEurCents } from '../money/currency.ts';
import { CREDIT_LIMITS_EUR } from './limits.ts';

/**
 * The consumer-credit providers (spec commerce.md section 3: "Credit provider ids: 8 jetcredit, 10 unicredit, 14 dsk";
 * "creditProvider defaults to 'unicredit'") and their pricing as BULGARIA.md "Consumer credit providers" describes it.
 * Every figure here is what the store quotes; the provider's decision on the application is its own.
 */

export const CREDIT_PROVIDER_CODES = ['jetcredit', 'unicredit', 'dsk'] as const;
export type CreditProviderCode = (typeof CREDIT_PROVIDER_CODES)[number];
export const CREDIT_PROVIDER_IDS = { jetcredit: 8, unicredit: 10, dsk: 14 } as const satisfies Record<
  CreditProviderCode,
  number
>;
export type CreditProviderId = (typeof CREDIT_PROVIDER_IDS)[CreditProviderCode];
export const DEFAULT_CREDIT_PROVIDER: CreditProviderCode = 'unicredit';

/** How a provider turns a credit amount and a term into an instalment. */
export type CreditPricing =
  /** instalment = credit / n x (1 + n x p), p the flat monthly markup (a fraction). */
  | { readonly kind: 'flat'; readonly monthlyMarkup: number }
  /** instalment = credit x coefficient of the term. */
  | { readonly kind: 'coefficient'; readonly coefficients: Readonly<Record<number, number>> }
  /** The annuity formula at the annual borrowing rate (ГЛП, a fraction). */
  | { readonly kind: 'annuity'; readonly annualRate: number };

export interface CreditTermRule {
  readonly months: number;
  /** The least credit (euro cents) this term is offered for. */
  readonly minCreditEur: number;
}

export interface CreditProvider {
  readonly code: CreditProviderCode;
  readonly id: CreditProviderId;
  /** The name the shopper knows (the same in both languages). */
  readonly name: string;
  readonly pricing: CreditPricing;
  readonly terms: readonly CreditTermRule[];
  /** Any term: the least and the most credit, euro cents. */
  readonly minCreditEur: number;
  readonly maxCreditEur: number;
  /** A fee paid when the credit is drawn (euro cents), counted in ГПР and the total. */
  readonly upfrontFeeEur: number;
}

const terms = (months: readonly number[], minCreditEur: (months: number) => number): CreditTermRule[] =>
  months.map((m) => ({ months: m, minCreditEur: minCreditEur(m) }));

/**
 * Jet (ПБ Лични Финанси), BULGARIA.md: terms 3, 6, 9, 10, 12, 15, 18, 24, 30, 36; 15 to 24 months need at least
 * 400 лв, 30 to 36 at least 600 лв (converted at the fixed rate: €204.52 and €306.78); a flat monthly markup. The
 * markup (1.19%) and the overall limits (€100 to €10,000) are ours: Jet's published promotions vary.
 */
const JET_MIN_15_24 = bgnToEurCents(40_000);
const JET_MIN_30_36 = bgnToEurCents(60_000);
const jetcredit: CreditProvider = {
  code: 'jetcredit',
  id: CREDIT_PROVIDER_IDS.jetcredit,
  name: 'Jet Кредит',
  pricing: { kind: 'flat', monthlyMarkup: 0.0119 },
  terms: terms([3, 6, 9, 10, 12, 15, 18, 24, 30, 36], (m) => (m >= 30 ? JET_MIN_30_36 : m >= 15 ? JET_MIN_15_24 : 0)),
  minCreditEur: CREDIT_LIMITS_EUR.jetcredit.min,
  maxCreditEur: CREDIT_LIMITS_EUR.jetcredit.max,
  upfrontFeeEur: 0,
};

/**
 * UniCredit Consumer Financing, BULGARIA.md: "a coefficient per product code and term; instalment = (price - down
 * payment) x coeff". Its table is not public: this one is OURS, plausible (near a 14.9% ГЛП, a little cheaper on the
 * short terms, as such tables are), for one product code (electronics). Limits €150 to €25,000 are ours too.
 */
const UNICREDIT_COEFFICIENTS: Readonly<Record<number, number>> = {
  3: 0.338,
  6: 0.172,
  9: 0.117,
  12: 0.0895,
  15: 0.073,
  18: 0.062,
  24: 0.0483,
  30: 0.0401,
  36: 0.0346,
  48: 0.0279,
};
const unicredit: CreditProvider = {
  code: 'unicredit',
  id: CREDIT_PROVIDER_IDS.unicredit,
  name: 'UniCredit Consumer Financing',
  pricing: { kind: 'coefficient', coefficients: UNICREDIT_COEFFICIENTS },
  terms: terms(Object.keys(UNICREDIT_COEFFICIENTS).map(Number), () => 0),
  minCreditEur: CREDIT_LIMITS_EUR.unicredit.min,
  maxCreditEur: CREDIT_LIMITS_EUR.unicredit.max,
  upfrontFeeEur: 0,
};

/**
 * Банка ДСК: BULGARIA.md found no public calculator, so DSK is MODELLED like the others, by us: the annuity formula at
 * a 12.9% ГЛП, a €25 fee when the credit is drawn (BULGARIA.md's worked example of a fee), terms 6 to 60 months,
 * €300 to €30,000.
 */
const dsk: CreditProvider = {
  code: 'dsk',
  id: CREDIT_PROVIDER_IDS.dsk,
  name: 'Банка ДСК',
  pricing: { kind: 'annuity', annualRate: 0.129 },
  terms: terms([6, 12, 18, 24, 36, 48, 60], () => 0),
  minCreditEur: CREDIT_LIMITS_EUR.dsk.min,
  maxCreditEur: CREDIT_LIMITS_EUR.dsk.max,
  upfrontFeeEur: 2_500,
};

/** In the order the checkout lists them: the default first. */
export const CREDIT_PROVIDERS: readonly CreditProvider[] = [unicredit, jetcredit, dsk];

export const creditProviderByCode = (code: string): CreditProvider | undefined =>
  CREDIT_PROVIDERS.find((p) => p.code === code);

export const creditProviderById = (id: number): CreditProvider | undefined => CREDIT_PROVIDERS.find((p) => p.id === id);
