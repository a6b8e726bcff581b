export * from './challenge.ts';
