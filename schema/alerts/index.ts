export * from './account-settings.ts';
export * from './alerts-commands.ts';
export * from './alerts-rules.ts';
