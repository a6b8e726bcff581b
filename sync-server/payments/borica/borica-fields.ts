import { randomBytes } from 'node:crypto';

/** Formats and parses of the APGW's field values (pure but for the NONCE's randomness). */

/** Euro cents as the gateway's AMOUNT, always with a decimal point: 900 -> `9.00`. */
export const amountOf = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`not a chargeable amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

/** The gateway's AMOUNT back in cents (`9.00`, `9.0` or `9`), or undefined when it is not an amount. */
export const centsOf = (amount: string | undefined): number | undefined => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** TIMESTAMP: UTC `YYYYMMDDHHMMSS`. */
export const timestampOf = (ms: number): string => {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
};

/** A TIMESTAMP back in epoch ms, or undefined. */
export const timeOfTimestamp = (timestamp: string | undefined): number | undefined => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(ms) ? undefined : ms;
};

/** NONCE: 32 upper-case hex characters, fresh for every form and call (the gateway refuses a repeat for 24 h). */
export const newNonce = (): string => randomBytes(16).toString('hex').toUpperCase();

/** Sofia's offset from UTC in hours at that moment: 2 in winter, 3 in summer. */
const sofiaOffsetHours = (ms: number): number => {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Sofia', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(ms))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+2';
  const m = /GMT([+-])(\d{1,2})/.exec(name);
  return m ? Number(`${m[1]}${m[2]}`) : 2;
};

/** MERCH_GMT: the shop's offset from UTC in Sofia at that moment, `+02` in winter and `+03` in summer. */
export const merchGmtOf = (ms: number): string => {
  const hours = sofiaOffsetHours(ms);
  return `${hours < 0 ? '-' : '+'}${pad(Math.abs(hours))}`;
};

/**
 * TRAN_DATE (the transaction's own time, which the gateway writes in the terminal's local time, Sofia: the manual's
 * answers carry TIMESTAMP 20201016084515 and TRAN_DATE 20201016114310) back in epoch ms, or undefined.
 */
export const timeOfTranDate = (tranDate: string | undefined): number | undefined => {
  const asIfUtc = timeOfTimestamp(tranDate?.trim());
  if (asIfUtc === undefined) return undefined;
  return asIfUtc - sofiaOffsetHours(asIfUtc - 2 * 3_600_000) * 3_600_000;
};

/** Cuts a text to at most `max` characters (code points, so a Cyrillic letter or an emoji is never split). */
export const clip = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

/** A Bulgarian phone as 3-D Secure's {cc, subscriber}: `+359 88 123 4567` or `0881234567`; undefined otherwise. */
const mobilePhoneOf = (phone: string | undefined): { cc: string; subscriber: string } | undefined => {
  const digits = (phone ?? '').replace(/[\s()-]/g, '');
  const m = /^(?:\+359|00359|0)(\d{6,12})$/.exec(digits);
  return m?.[1] ? { cc: '359', subscriber: m[1] } : undefined;
};

/**
 * M_INFO: base64 of a JSON with the cardholder's name and the e-mail and mobile phone known for them, which the
 * gateway hands to 3-D Secure so fewer shoppers are challenged. Only what is known is sent.
 */
export const mInfoOf = (shopper: { name: string; email: string; phone?: string }): string => {
  const info: Record<string, unknown> = {};
  if (shopper.email) info['email'] = shopper.email;
  if (shopper.name) info['cardholderName'] = clip(shopper.name, 45);
  const mobilePhone = mobilePhoneOf(shopper.phone);
  if (mobilePhone) info['mobilePhone'] = mobilePhone;
  return Buffer.from(JSON.stringify(info), 'utf8').toString('base64');
};
