/** Digits of a string of ASCII digits, or undefined when it has anything else or is not exactly `length` long. */
export const digitsOf = (text: string, length: number): number[] | undefined =>
  text.length === length && /^[0-9]+$/.test(text) ? [...text].map(Number) : undefined;

/** Σ digit × weight over the digits the weights cover, mod 11: the check of ЕГН and ЕИК alike. */
export const weightedMod11 = (digits: readonly number[], weights: readonly number[], from = 0): number =>
  weights.reduce((sum, weight, i) => sum + (digits[from + i] ?? 0) * weight, 0) % 11;
