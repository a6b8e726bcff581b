/**
 * Code-point order, for text that is not a shopper's words: dates as the catalogue writes them (one format per
 * source), whose code-point order is their time order. Not localeCompare: a page's first localeCompare loads the
 * collation data, a task of 40-100 ms on a slow phone.
 */
export const byCodePoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
