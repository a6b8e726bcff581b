/**
 * PayPal's amount `value`: a decimal string, at most two decimals for EUR ("12.34", "12", "0.5" are accepted; what
 * PayPal answers is always written with two). The simulator keeps integer cents so sums never drift.
 */
const VALUE = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

export const centsOf = (value: string): number | undefined => {
  const match = VALUE.exec(value);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
};

export const valueOf = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** "12,34 €" as a Bulgarian page writes it (thin groups of thousands by a space). */
export const bulgarianEuro = (cents: number): string => {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${String(cents % 100).padStart(2, '0')} €`;
};
