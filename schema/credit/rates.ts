/**
 * The arithmetic of consumer credit (BULGARIA.md "Consumer credit providers"), pure and exact to the double: every
 * figure is computed from the unrounded instalment, and only what is shown is rounded. Money in euro cents.
 *
 * Rounding, chosen so the worked examples of BULGARIA.md come out exactly:
 * - the instalment is half-up to the cent (€87.9159 -> €87.92);
 * - the total is the exact instalment times the term, half-up to the cent (€1,054.99, not 12 x €87.92 = €1,055.04:
 *   the provider's schedule lets the last instalment absorb the cents), plus the fees;
 * - ГЛП and ГПР are solved from the exact instalment and given in percent to two decimals (10.47, not 10.48 which
 *   the rounded €87.92 would give). The Directive asks for at least one decimal; the worked examples show two.
 */

/** A month is 1/12 of a year in the Directive's equation (Annex I, assumption (i)). */
const MONTH_IN_YEARS = 1 / 12;

/** The annuity formula A = P·r / (1 - (1 + r)^-n), r the monthly rate (ГЛП / 12); r = 0 spreads P evenly. */
export const annuityInstalment = (principal: number, monthlyRate: number, months: number): number =>
  monthlyRate === 0 ? principal / months : (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);

/** A flat monthly markup p (Jet, TBI): instalment = credit / n x (1 + n x p). */
export const flatInstalment = (principal: number, monthlyMarkup: number, months: number): number =>
  (principal / months) * (1 + months * monthlyMarkup);

/**
 * Bisection on a decreasing function over [lo, hi] until the interval stops shrinking in doubles: the root to full
 * precision, whatever the shape (Newton can overshoot into negative rates on short terms; 200 halvings cannot fail).
 */
const bisectDecreasing = (f: (x: number) => number, lo: number, hi: number): number => {
  let low = lo;
  let high = hi;
  for (let i = 0; i < 200; i += 1) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) break;
    if (f(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
};

/**
 * The monthly borrowing rate that repays `principal` with `months` equal `instalment`s: the ГЛП of a flat markup or a
 * coefficient is 12 times it. An instalment at or below principal / n is 0%.
 */
export const monthlyRateOf = (principal: number, instalment: number, months: number): number => {
  if (instalment * months <= principal) return 0;
  // The instalment falls as the rate does; its excess over the target is what the bisection drives to zero.
  return bisectDecreasing((r) => instalment - annuityInstalment(principal, r, months), 0, 10);
};

/**
 * ГПР, the Directive 2008/48 Annex I equation: Σ drawdowns·(1+X)^-t = Σ payments·(1+X)^-t, t in years. The credit is
 * drawn at t = 0 with the upfront fees paid then (so the shopper receives `principal - upfrontFee`), and `months`
 * equal instalments fall due at the end of each month. X as a fraction (0.1047 for 10.47%).
 */
export const annualPercentageRate = (principal: number, instalment: number, months: number, upfrontFee = 0): number => {
  const received = principal - upfrontFee;
  // The instalments' discount factors v^1..v^n, v = (1 + X)^(-1/12), summed as the geometric series they are:
  // v (1 - v^n) / (1 - v), with expm1 and log1p so that a rate near 0 loses no digits. A power per month (36 per
  // trial, some 115 trials per term) was most of the product page's first render on a phone.
  const presentValue = (x: number): number => {
    const perMonthLog = Math.log1p(x) * MONTH_IN_YEARS;
    return (instalment * Math.exp(-perMonthLog) * Math.expm1(-months * perMonthLog)) / Math.expm1(-perMonthLog);
  };
  if (instalment * months <= received) return 0;
  // The payments' present value falls as X rises; 1000 (100,000%) is far past any rate the cap lets through.
  return bisectDecreasing((x) => presentValue(x) - received, 0, 1000);
};

/**
 * A rate (a fraction) in percent to two decimals, half-up: 0.104713 -> 10.47. The 1e-9 keeps an exact half that
 * doubles hold as x.4999999999 rounding up, as it would on paper.
 */
export const percent2 = (rate: number): number => Math.round(rate * 10_000 + 1e-9) / 100;

/** Euro cents half-up to the cent (amounts are positive here; the 1e-9 as in percent2). */
export const cents = (amount: number): number => Math.round(amount + 1e-9);
