export * from './notices.ts';
export * from './notices-commands.ts';
export * from './notices-rules.ts';
export * from './order-changes.ts';
