import { digitsOf, weightedMod11 } from './check-digits.ts';
import { textField } from './text-field.ts';

/**
 * ЕГН, the Bulgarian personal number, `YYMMDDSSSC` (BULGARIA.md): "the month is +20 for births in the 1800s and +40
 * for births in the 2000s; the date must exist; C = (sum of the first nine digits times 2, 4, 8, 5, 10, 9, 7, 3, 6)
 * mod 11, and 10 becomes 0". Spec (commerce.md section 5): "the ID number must be digits only and valid".
 */
const EGN_WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

export interface BirthDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** The century a coded month stands for: 1–12 the 1900s, 21–32 the 1800s, 41–52 the 2000s. */
const centuryOf = (codedMonth: number): { century: number; month: number } | undefined => {
  if (codedMonth >= 1 && codedMonth <= 12) return { century: 1900, month: codedMonth };
  if (codedMonth >= 21 && codedMonth <= 32) return { century: 1800, month: codedMonth - 20 };
  if (codedMonth >= 41 && codedMonth <= 52) return { century: 2000, month: codedMonth - 40 };
  return undefined;
};

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The birth date an ЕГН encodes, when its first six digits are a date that exists (31 February is not). */
export const egnBirthDate = (egn: string): BirthDate | undefined => {
  const digits = digitsOf(egn, 10);
  if (!digits) return undefined;
  const [y1 = 0, y2 = 0, m1 = 0, m2 = 0, d1 = 0, d2 = 0] = digits;
  const coded = centuryOf(m1 * 10 + m2);
  if (!coded) return undefined;
  const year = coded.century + y1 * 10 + y2;
  const day = d1 * 10 + d2;
  if (day < 1 || day > daysIn(year, coded.month)) return undefined;
  return { year, month: coded.month, day };
};

/** The check digit of an ЕГН's first nine digits: the weighted sum mod 11 is 0 to 10, and `% 10` makes 10 a 0. */
export const egnCheckDigit = (digits: readonly number[]): number => weightedMod11(digits, EGN_WEIGHTS) % 10;

/** Ten digits, a date that exists once the month offsets are applied, and the right check digit. */
export const isValidEgn = (text: string): boolean => {
  const digits = digitsOf(text, 10);
  return digits !== undefined && egnBirthDate(text) !== undefined && egnCheckDigit(digits) === digits[9];
};

/** An ЕГН as a form sends it: surrounding spaces are dropped, anything else must be a valid ЕГН. */
export const egnSchema = textField((text) => (isValidEgn(text) ? undefined : 'egnInvalid'));
