/** The account's pure rules and call bodies (issue 5): identity numbers, user fields, session and profile calls. */
export * from './auth-calls.ts';
export * from './egn.ts';
export * from './eik.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './phone.ts';
export * from './profile-calls.ts';
export * from './text-field.ts';
export * from './user-fields.ts';
export * from './user.ts';
export * from './vat-number.ts';
