/** The total of some amounts (internal helper, not exported from the rules' index). */
export const sumOf = (amounts: readonly number[]): number => amounts.reduce((total, amount) => total + amount, 0);
