/**
 * The shared domain kernel: schemas, command types and pure rules. No I/O. The RxDB collections' schemas
 * (`./rxdb/collections.ts`) are imported from their module by the local store alone: deriving them is work the
 * first page of the store should not do.
 */
export * from './commands/envelope.ts';
export * from './commands/registry.ts';
export * from './cart/cart.ts';
export * from './cart/cart-rules.ts';
export * from './cart/optimistic-cart.ts';
export * from './catalog/product.ts';
export * from './money/currency.ts';
export * from './sync/protocol.ts';
export * from './validation/describe-zod-error.ts';
export * from './catalog/rules/index.ts';
export * from './account/index.ts';
export * from './wishlist/index.ts';
