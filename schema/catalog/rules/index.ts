/** The catalogue's pure business rules: no I/O, net stotinki unless a name says InclTax. */
export * from './apply-tax-rules.ts';
export * from './availability-status.ts';
export * from './bundle-price.ts';
export * from './configurable-price.ts';
export * from './credit-instalment.ts';
export * from './custom-options.ts';
export * from './effective-price.ts';
export * from './format-price.ts';
export * from './grouped-price.ts';
export * from './options-validation.ts';
export * from './price-display.ts';
export * from './price-range.ts';
export * from './product-status.ts';
export * from './shop-time.ts';
export * from './special-price.ts';
export * from './tier-price.ts';
export * from './variant-matching.ts';
