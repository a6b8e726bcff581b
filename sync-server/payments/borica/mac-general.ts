import { createSign, createVerify } from 'node:crypto';

/**
 * BORICA APGW's MAC_GENERAL (merchant manual P-OM-41-EN v5.0): the string a P_SIGN signs is, for each field in a
 * fixed order, the field's UTF-8 byte length followed by its value, or a lone `-` for an empty field. Requests of
 * TRTYPE 1, 12, 21, 22 and 24 and every response end with a `-` for the reserved field; TRTYPE 90 does not.
 * Byte length, not character count: a Cyrillic letter is two bytes.
 */

/** The fields a sale, pre-auth, completion or reversal request signs, in order. */
export const REQUEST_MAC_FIELDS = ['TERMINAL', 'TRTYPE', 'AMOUNT', 'CURRENCY', 'ORDER', 'TIMESTAMP', 'NONCE'] as const;
/** The fields a status check (TRTYPE 90) signs, in order; it has no reserved field. */
export const STATUS_MAC_FIELDS = ['TERMINAL', 'TRTYPE', 'ORDER', 'NONCE'] as const;
/** The fields every gateway answer signs (BACKREF and the JSON of server-side calls), in order. */
export const RESPONSE_MAC_FIELDS = [
  'ACTION',
  'RC',
  'APPROVAL',
  'TERMINAL',
  'TRTYPE',
  'AMOUNT',
  'CURRENCY',
  'ORDER',
  'RRN',
  'INT_REF',
  'PARES_STATUS',
  'ECI',
  'TIMESTAMP',
  'NONCE',
] as const;

type Fields = Readonly<Record<string, string | undefined>>;

const macPart = (value: string | undefined): string =>
  value === undefined || value === '' ? '-' : `${Buffer.byteLength(value, 'utf8')}${value}`;

/** Concatenates the named fields MAC_GENERAL-style; `reserved` adds the closing `-`. */
export const macGeneral = (names: readonly string[], fields: Fields, reserved: boolean): string =>
  names.map((name) => macPart(fields[name])).join('') + (reserved ? '-' : '');

/** The string a request's P_SIGN signs: TRTYPE 90 has its own list, every other type the common one. */
export const requestMacData = (fields: Fields): string =>
  fields['TRTYPE'] === '90'
    ? macGeneral(STATUS_MAC_FIELDS, fields, false)
    : macGeneral(REQUEST_MAC_FIELDS, fields, true);

/** The string an answer's P_SIGN signs. */
export const responseMacData = (fields: Fields): string => macGeneral(RESPONSE_MAC_FIELDS, fields, true);

/** RSA PKCS#1 v1.5 over SHA-256, upper-case hex (512 characters for a 2048-bit key). */
export const sign = (data: string, privateKeyPem: string): string =>
  createSign('sha256').update(data, 'utf8').sign(privateKeyPem, 'hex').toUpperCase();

/** Checks a P_SIGN; anything malformed is simply not verified (never a throw the caller could mistake). */
export const verify = (data: string, signatureHex: string, publicKeyPem: string): boolean => {
  if (!/^[0-9A-Fa-f]+$/.test(signatureHex) || signatureHex.length % 2 !== 0) return false;
  try {
    return createVerify('sha256').update(data, 'utf8').verify(publicKeyPem, signatureHex, 'hex');
  } catch {
    return false;
  }
};
