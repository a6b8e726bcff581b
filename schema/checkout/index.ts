/** Checkout (issue 16): the shipping and payment methods, the one totals function and the details' schemas. */
export * from './details.ts';
export * from './messages.ts';
export * from './methods.ts';
export * from './totals.ts';
