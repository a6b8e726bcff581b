/** Consumer credit, pure: providers, the calculator (instalment, ГЛП, ГПР, the legal cap) and the creditDetails. */
export * from './details.ts';
export * from './messages.ts';
export * from './offers.ts';
export * from './providers.ts';
export * from './rates.ts';
export * from './calculator-request.ts';
