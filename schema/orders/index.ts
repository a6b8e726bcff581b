/** Orders (issue 16): the order document, its statuses, its commands and their pure rules. */
export * from './order.ts';
export * from './order-commands.ts';
export * from './order-limits.ts';
export * from './order-rules.ts';
export * from './revalidate.ts';
