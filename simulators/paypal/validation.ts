import { z } from 'zod';
import { paypalError, type SimAnswer } from './errors.ts';

/** Checks shared by the simulator's calls, with PayPal's answers for what fails them. */

export const amountSchema = z.looseObject({ currency_code: z.string().regex(/^[A-Z]{3}$/), value: z.string().max(32) });

/** The value at a zod path in the body as sent (undefined when absent). */
const valueAt = (body: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    body,
  );

/** A body that failed zod: 400 INVALID_REQUEST naming the first bad field as a JSON pointer. */
export const invalid = (body: unknown, error: z.ZodError): SimAnswer => {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const missing = valueAt(body, path) === undefined;
  return paypalError(
    400,
    missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
    issue?.message ?? 'invalid',
    `/${path.map(String).join('/')}`,
  );
};

export const notFound = (what: string): SimAnswer =>
  paypalError(404, 'INVALID_RESOURCE_ID', `Specified resource ID does not exist. Please check the ${what} ID.`);
