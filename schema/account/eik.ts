import { digitsOf, weightedMod11 } from './check-digits.ts';
import { textField } from './text-field.ts';

/**
 * ЕИК / БУЛСТАТ, the company id an invoice's "tax id" is (BULGARIA.md): "9 digits: d9 = (sum d1..d8 times 1..8) mod
 * 11; if 10, use weights 3..10; if still 10, d9 = 0. 13 digits: the first 9 valid, then d13 = (sum d9..d12 times 2,
 * 7, 3, 5) mod 11; if 10, use 4, 9, 5, 7; if still 10, 0." The spec's "tax id at least 3" is met by any valid ЕИК.
 */
const FIRST_WEIGHTS_9 = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const SECOND_WEIGHTS_9 = [3, 4, 5, 6, 7, 8, 9, 10] as const;
const FIRST_WEIGHTS_13 = [2, 7, 3, 5] as const;
const SECOND_WEIGHTS_13 = [4, 9, 5, 7] as const;

/** The ЕИК check: the first weights, the second ones when that gives 10, and 0 when both give 10. */
const checkDigit = (
  digits: readonly number[],
  first: readonly number[],
  second: readonly number[],
  from: number,
): number => {
  const sum = weightedMod11(digits, first, from);
  if (sum !== 10) return sum;
  return weightedMod11(digits, second, from) % 10;
};

const isValidEik9 = (digits: readonly number[]): boolean =>
  checkDigit(digits, FIRST_WEIGHTS_9, SECOND_WEIGHTS_9, 0) === digits[8];

/** 9 digits with a right 9th, or 13 digits whose first 9 are a valid ЕИК and whose 13th is right. */
export const isValidEik = (text: string): boolean => {
  const nine = digitsOf(text, 9);
  if (nine) return isValidEik9(nine);
  const thirteen = digitsOf(text, 13);
  return (
    thirteen !== undefined &&
    isValidEik9(thirteen) &&
    checkDigit(thirteen, FIRST_WEIGHTS_13, SECOND_WEIGHTS_13, 8) === thirteen[12]
  );
};

/** An ЕИК as a form sends it: surrounding spaces are dropped, anything else must be a valid ЕИК. */
export const eikSchema = textField((text) => (isValidEik(text) ? undefined : 'eikInvalid'));
