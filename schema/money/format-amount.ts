/**
 * Amounts written by hand the way Intl.NumberFormat writes them for the store's locales. The first
 * Intl.NumberFormat a page makes loads the locale's number data: about 70 ms of a slow phone's main thread before
 * the first price shows (one long task of Lighthouse's total blocking time). The store shows integer minor units
 * in Bulgarian and English only, whose rules are few: a group every three digits, a decimal mark, two decimals,
 * a hyphen-minus, and the euro sign after (Bulgarian) or before (English) the amount. Anything else (another
 * locale, a fraction of a cent, a figure too large to be exact) is left to Intl, so the text never differs from
 * what Intl gives (tests/unit/money/format-amount.test.ts holds the two equal for any amount).
 */

interface LocaleMarks {
  readonly group: string;
  readonly decimal: string;
  readonly euroBefore: boolean;
}

const BULGARIAN: LocaleMarks = { group: '\u00a0', decimal: ',', euroBefore: false };
const ENGLISH: LocaleMarks = { group: ',', decimal: '.', euroBefore: true };

const MARKS: ReadonlyMap<string, LocaleMarks> = new Map([
  ['bg', BULGARIAN],
  ['bg-BG', BULGARIAN],
  ['en', ENGLISH],
  ['en-GB', ENGLISH],
  ['en-US', ENGLISH],
]);

/**
 * Below 10^15 minor units the amount has at most 15 significant digits, so `minor / 100` as Intl sees it reads
 * back as exactly these digits; above, the double may not, and Intl's rounding of it is left to Intl.
 */
const EXACT_LIMIT = 1e15;

interface Parts {
  readonly negative: boolean;
  readonly digits: string;
}

/** "1 234,56" without its sign, or null when this amount or locale is Intl's to write. */
const handParts = (minor: number, locale: string): (Parts & { marks: LocaleMarks }) | null => {
  const marks = MARKS.get(locale);
  if (!marks || !Number.isInteger(minor) || Math.abs(minor) >= EXACT_LIMIT) return null;
  const negative = minor < 0 || Object.is(minor, -0);
  const abs = String(Math.abs(minor)).padStart(3, '0');
  const whole = abs.slice(0, -2);
  let grouped = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = end === whole.length ? whole.slice(start, end) : `${whole.slice(start, end)}${marks.group}${grouped}`;
  }
  return { negative, digits: `${grouped}${marks.decimal}${abs.slice(-2)}`, marks };
};

/** `minor / 100` with two decimals and thousands always grouped: "2 399,00" (bg-BG), "2,399.00" (en-GB). */
export const formatAmountByHand = (minor: number, locale: string): string | null => {
  const parts = handParts(minor, locale);
  return parts ? `${parts.negative ? '-' : ''}${parts.digits}` : null;
};

/** `minor / 100` euro: "1 226,59 €" (bg-BG), "€1,226.59" (en-GB). */
export const formatEuroByHand = (minor: number, locale: string): string | null => {
  const parts = handParts(minor, locale);
  if (!parts) return null;
  const sign = parts.negative ? '-' : '';
  return parts.marks.euroBefore ? `${sign}€${parts.digits}` : `${sign}${parts.digits}\u00a0€`;
};

/**
 * A figure with two decimals under 1000, as `Intl.NumberFormat(locale, { minimumFractionDigits: 2,
 * maximumFractionDigits: 2 })` writes it: "10,47" (bg-BG), "10.47" (en-GB). The credit offer's rates: without this
 * the product page's first render made the page's first Intl.NumberFormat. Null where Intl must write it (not whole
 * hundredths, 1000 or more, whose grouping differs by locale, or another locale).
 */
export const formatHundredthsByHand = (value: number, locale: string): string | null => {
  const hundredths = Math.round(value * 100);
  if (Math.abs(value) >= 1000 || Math.abs(hundredths - value * 100) > 1e-6) return null;
  return formatAmountByHand(hundredths, locale);
};

/**
 * A figure with at most two decimals under 1000, as `value.toLocaleString(locale)` writes it (no trailing zeros):
 * "4,5" (bg-BG), "4.5" (en-GB), "4". A review's average rating. Null where Intl must write it, as above.
 */
export const formatShortDecimalByHand = (value: number, locale: string): string | null => {
  const fixed = formatHundredthsByHand(value, locale);
  if (fixed === null) return null;
  const decimals = fixed.slice(-2).replace(/0+$/, '');
  return decimals === '' ? fixed.slice(0, -3) : `${fixed.slice(0, -2)}${decimals}`;
};
