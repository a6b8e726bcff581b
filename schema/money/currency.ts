import { formatAmountByHand, formatEuroByHand } from './format-amount.ts';

/**
 * Money. Amounts are integers in minor units (stotinki, euro cents).
 * Bulgaria joined the euro on 1 January 2026 at the fixed rate 1.95583 BGN per EUR; conversion divides
 * by that exact rate and rounds half-up to the cent (the spec's 1.9558 is a truncation and is off by
 * cents on large amounts: 2,399 лв must be €1,226.59).
 */
export const BGN_PER_EUR = { numerator: 195583, denominator: 100000 } as const;

/** BGN stotinki -> euro cents, half-up, in integer arithmetic so no float ever rounds the wrong way. */
export const bgnToEurCents = (stotinki: number): number => {
  const sign = stotinki < 0 ? -1 : 1;
  const scaled = Math.abs(stotinki) * BGN_PER_EUR.denominator;
  const whole = Math.floor(scaled / BGN_PER_EUR.numerator);
  const remainder = scaled - whole * BGN_PER_EUR.numerator;
  return sign * (remainder * 2 >= BGN_PER_EUR.numerator ? whole + 1 : whole);
};

/**
 * Euro cents -> stotinki, half-up, in integers: the lev figure shown beside a euro figure. The shop charges in euro
 * (BULGARIA.md), so every lev figure on a page, in an e-mail or an API answer is derived from the euro figure it
 * stands beside, never from the catalogue's lev price: a unit, its line and the total then never contradict.
 */
export const levForInformation = (cents: number): number => {
  const scaled = Math.abs(cents) * BGN_PER_EUR.numerator;
  const whole = Math.floor(scaled / BGN_PER_EUR.denominator);
  const remainder = scaled - whole * BGN_PER_EUR.denominator;
  const stotinki = remainder * 2 >= BGN_PER_EUR.denominator ? whole + 1 : whole;
  return cents < 0 ? -stotinki : stotinki;
};

/**
 * The lowest lev price (stotinki) whose euro price (`bgnToEurCents`) is at least `cents`: a euro bound as a lev
 * bound. The euro price never falls as the lev price rises, so `price >= levBoundOfEuro(c)` holds exactly when
 * `bgnToEurCents(price) >= c`: 977,91 лв. shows 500,00 € (977,90 лв. 499,99 €), so 500 € is 977,91 лв. here, a
 * stotinka or so under the lev figure of 500 € (977,92 лв.), from which it steps down.
 */
export const levBoundOfEuro = (cents: number): number => {
  let stotinki = levForInformation(cents);
  while (bgnToEurCents(stotinki - 1) >= cents) stotinki--;
  return stotinki;
};

/**
 * One formatter per locale and kind, made once: building an Intl.NumberFormat costs far more than using one, and a
 * listing formats hundreds of prices (about 160 ms of a home page's main thread on a slow phone before this).
 */
const formatters = new Map<string, Intl.NumberFormat>();
const formatterFor = (kind: 'amount' | 'eur', locale: string): Intl.NumberFormat => {
  const key = `${kind}:${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      kind === 'amount'
        ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' })
        : new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always' });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** By hand where that is exact (no Intl data to load before the first price, format-amount.ts), else Intl. */
const grouped = (minor: number, locale: string): string =>
  formatAmountByHand(minor, locale) ?? formatterFor('amount', locale).format(minor / 100);

/**
 * "2 399,00 лв." — the lev sign after the amount, as the spec shows it, joined by a no-break space so
 * the two never wrap apart. Thousands are always grouped (bg-BG alone leaves 4-digit amounts ungrouped).
 * In English "BGN 2,399.00": its readers do not know the Bulgarian "лв." (issue 29, item 12).
 */
export const formatBgn = (stotinki: number, locale = 'bg-BG'): string =>
  locale.startsWith('bg') ? `${grouped(stotinki, locale)}\u00a0лв.` : `BGN\u00a0${grouped(stotinki, locale)}`;

/** "1 226,59 €" in Bulgarian, "€1,226.59" in English. */
export const formatEur = (cents: number, locale = 'bg-BG'): string =>
  formatEuroByHand(cents, locale) ?? formatterFor('eur', locale).format(cents / 100);

const INFORMATION_LABEL = { bg: 'за информация', en: 'for information' } as const;

/**
 * The lev figure beside a euro figure, marked as information (since 8 August 2026 a shop shows euro and may keep
 * leva only as secondary information, BULGARIA.md): "(за информация: 299,01 лв.)" for 152,88 €.
 */
export const formatLevInformation = (cents: number, locale = 'bg-BG'): string =>
  `(${INFORMATION_LABEL[locale.startsWith('en') ? 'en' : 'bg']}: ${formatBgn(levForInformation(cents), locale)})`;

/** "152,88 € (за информация: 299,01 лв.)": a euro figure with its lev figure, as text (e-mails, plain pages). */
export const formatEurWithLev = (cents: number, locale = 'bg-BG'): string =>
  `${formatEur(cents, locale)} ${formatLevInformation(cents, locale)}`;

export type PrimaryCurrency = 'BGN' | 'EUR';

/**
 * Both figures of a euro amount, the primary one first (a shop setting: the spec shows BGN first; today's rules,
 * EUR). The lev figure is always the euro one × 1.95583, half-up; as the secondary figure it is marked as information.
 */
export const formatDualEuro = (
  cents: number,
  primary: PrimaryCurrency = 'EUR',
  locale = 'bg-BG',
): { primary: string; secondary: string } => {
  const eur = formatEur(cents, locale);
  return primary === 'BGN'
    ? { primary: formatBgn(levForInformation(cents), locale), secondary: eur }
    : { primary: eur, secondary: formatLevInformation(cents, locale) };
};

/** Both figures of a catalogue price in leva: charged in euro (per unit, half-up), its lev figure from that euro. */
export const formatDualPrice = (
  stotinki: number,
  primary: PrimaryCurrency = 'BGN',
  locale = 'bg-BG',
): { primary: string; secondary: string } => formatDualEuro(bgnToEurCents(stotinki), primary, locale);
