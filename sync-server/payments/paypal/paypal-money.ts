/**
 * PayPal's `amount.value` is a decimal string; the store counts euro cents. EUR has two decimals, so
 * 1234 cents <-> "12.34" exactly, with no floating point on the way.
 */

/** Euro cents as PayPal's value: 1234 -> "12.34", 5 -> "0.05". */
export const eurValueOf = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a euro cent amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

const VALUE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** PayPal's value as cents ("12.34" -> 1234, "12" -> 1200, "12.5" -> 1250); undefined for anything else. */
export const centsOfValue = (value: string): number | undefined => {
  const match = VALUE.exec(value);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
};
