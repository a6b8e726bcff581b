import { isValidEgn } from '../account/egn.ts';

/**
 * A command's payload as an operator may see it: secrets (passwords, tokens, card data, reset secrets) and the ЕГН
 * masked, everything else as the shopper sent it. A pure function over any JSON value, so the server applies it
 * before a payload leaves for the console and a test can hold it to every shape.
 */

/** What a masked secret reads as: it was there, and it is not shown. */
export const MASKED = '[masked]';

/** Keys whose value is a secret, whatever it looks like (compared without case, `_` or `-`). */
const SECRET_KEYS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'oldpassword',
  'token',
  'accesstoken',
  'refreshtoken',
  'secret',
  'resetsecret',
  'cardnumber',
  'pan',
  'cvv',
  'cvc',
  'cvv2',
  'securitycode',
  'expiry',
  'expirydate',
]);
/** Keys whose value is a personal number (ЕГН, ЛНЧ): masked even when it does not pass the check digit. */
const PERSONAL_NUMBER_KEYS = new Set(['egn', 'lnch', 'personalnumber', 'personalid', 'pin', 'ucn']);
/** Keys whose ten digits are a phone number, not a ЕГН that happens to pass the check digit. */
const PHONE_KEY = /phone|tel|mobile|gsm/i;

const normalised = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

/** A ЕГН shown as its length in asterisks: the operator sees one was given, not which. */
export const maskPersonalNumber = (value: string): string => '*'.repeat(Math.max(value.length, 1));

const maskValue = (value: unknown, key: string | undefined, depth: number): unknown => {
  if (depth > 64) return MASKED; // deeper than any payload nests: not walked further
  const name = key === undefined ? undefined : normalised(key);
  if (name !== undefined && SECRET_KEYS.has(name)) return value === null || value === undefined ? value : MASKED;
  if (typeof value === 'string') {
    if (name !== undefined && PERSONAL_NUMBER_KEYS.has(name)) return maskPersonalNumber(value);
    // A ЕГН under any other key (a note, an invoice field named otherwise) is still a ЕГН.
    const isPhone = key !== undefined && PHONE_KEY.test(key);
    if (!isPhone && /^\d{10}$/.test(value) && isValidEgn(value)) return maskPersonalNumber(value);
    return value;
  }
  if (typeof value === 'number' && name !== undefined && PERSONAL_NUMBER_KEYS.has(name)) {
    return maskPersonalNumber(String(value));
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, key, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValue(v, k, depth + 1)]),
    );
  }
  return value;
};

/** The payload with its secrets and ЕГН masked; the input is not changed. */
export const maskPayload = (payload: Record<string, unknown>): Record<string, unknown> =>
  maskValue(payload, undefined, 0) as Record<string, unknown>;
