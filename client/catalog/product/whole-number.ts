/**
 * A quantity typed by the shopper: digits only (no sign, no decimals, no exponent) and at least `min`; null
 * otherwise, so the field can say what is wrong instead of silently rounding.
 */
export const parseWholeNumber = (text: string, min: number, max = 999): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
};
