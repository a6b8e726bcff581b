export * from './message-commands.ts';
export * from './message-fields.ts';
export * from './message-rules.ts';
