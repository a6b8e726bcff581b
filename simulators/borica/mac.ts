import { createSign, createVerify } from 'node:crypto';

/**
 * The gateway's own MAC_GENERAL (written again on purpose: the simulator shares no code with the store, as BORICA
 * does not). For each field in order: its UTF-8 byte length then its value, `-` when empty; `-` closes the
 * reserved field of requests of TRTYPE 1/12/21/22/24 and of every answer, not of TRTYPE 90 requests.
 */

const REQUEST = ['TERMINAL', 'TRTYPE', 'AMOUNT', 'CURRENCY', 'ORDER', 'TIMESTAMP', 'NONCE'];
const STATUS = ['TERMINAL', 'TRTYPE', 'ORDER', 'NONCE'];
const RESPONSE = [
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
];

type Fields = Readonly<Record<string, string | undefined>>;

const join = (names: readonly string[], fields: Fields, reserved: boolean): string => {
  let out = '';
  for (const name of names) {
    const value = fields[name] ?? '';
    out += value === '' ? '-' : `${Buffer.byteLength(value, 'utf8')}${value}`;
  }
  return reserved ? `${out}-` : out;
};

export const requestData = (fields: Fields): string =>
  fields['TRTYPE'] === '90' ? join(STATUS, fields, false) : join(REQUEST, fields, true);

export const responseData = (fields: Fields): string => join(RESPONSE, fields, true);

export const signHex = (data: string, privateKeyPem: string): string =>
  createSign('RSA-SHA256').update(data, 'utf8').sign(privateKeyPem).toString('hex').toUpperCase();

export const verifyHex = (data: string, signatureHex: string, publicKeyPem: string): boolean => {
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(signatureHex)) return false;
  try {
    return createVerify('RSA-SHA256').update(data, 'utf8').verify(publicKeyPem, Buffer.from(signatureHex, 'hex'));
  } catch {
    return false;
  }
};
