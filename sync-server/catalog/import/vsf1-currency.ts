import { BGN_PER_EUR } from '../../../schema/money/currency.ts';
import type { DecimalLike } from './vsf1-source-schemas.ts';
import { toStotinki } from './vsf1-to-model.ts';

/**
 * The currency a dump's prices are in (issue 29). The store's catalogue holds leva (stotinki); a VSF1 dump holds
 * bare decimals in whatever its shop priced in (the held-out dump is a UK shop's pounds), so the importer is told
 * (`--currency`), converts into leva, and says so; told nothing, it takes them as leva and warns.
 */
export interface Vsf1Currency {
  /** ISO 4217, upper case. */
  readonly code: string;
  /** Leva one unit of it is worth: BGN 1, EUR the fixed 1.95583, any other what the caller gave (`--rate`). */
  readonly levaPerUnit: number;
}

const FIXED: Readonly<Record<string, number>> = {
  BGN: 1,
  EUR: BGN_PER_EUR.numerator / BGN_PER_EUR.denominator,
};

/** The currency of `--currency` and `--rate`, or what is wrong with them. */
export const resolveCurrency = (
  code: string,
  rate: string | undefined,
): { ok: true; currency: Vsf1Currency } | { ok: false; error: string } => {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(upper)) return { ok: false, error: `--currency ${code}: give a three-letter code (GBP, EUR)` };
  const fixed = FIXED[upper];
  if (fixed !== undefined) {
    if (rate !== undefined) return { ok: false, error: `--rate: ${upper} has a fixed rate to the lev, give none` };
    return { ok: true, currency: { code: upper, levaPerUnit: fixed } };
  }
  const levaPerUnit = Number(rate);
  if (rate === undefined || !Number.isFinite(levaPerUnit) || levaPerUnit <= 0)
    return { ok: false, error: `--currency ${upper}: give --rate, the leva one ${upper} is worth (e.g. --rate 2.3)` };
  return { ok: true, currency: { code: upper, levaPerUnit } };
};

/** A price of the dump as leva stotinki: to the source's minor unit (half-up on the text), then converted, half-up. */
export const moneyIn =
  (levaPerUnit: number) =>
  (value: DecimalLike): number => {
    const minor = toStotinki(value);
    // Rounded to 6 places first: 1000 × 2.3 is 2299.9999999999995 in binary floating point.
    return levaPerUnit === 1 ? minor : Math.round(Number((minor * levaPerUnit).toFixed(6)));
  };

/** What the importer's report says of the prices' currency (one line). */
export const currencyLine = (currency: Vsf1Currency | undefined): string => {
  if (!currency)
    return (
      'WARNING: no --currency given: prices were taken as leva (BGN), as the dump has them. If the shop priced in ' +
      'another currency, import again with --currency EUR (the fixed 1.95583) or --currency <code> --rate <leva per unit>.'
    );
  if (currency.levaPerUnit === 1) return `Prices: in ${currency.code}, taken as they are`;
  return `Prices: in ${currency.code}, converted into leva at ${currency.levaPerUnit} лв. per ${currency.code}`;
};
