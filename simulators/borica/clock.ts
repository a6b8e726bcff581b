import { randomBytes, randomInt } from 'node:crypto';

/** The gateway's ways of writing times and making references. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** TIMESTAMP: UTC `YYYYMMDDHHMMSS`. */
export const timestampOf = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
};

export const timeOf = (timestamp: string): number | undefined => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
};

/** TRAN_DATE: the transaction's time as the gateway writes it, in the terminal's local time (Sofia). */
export const sofiaDateOf = (ms: number): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Sofia',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts['year']}${parts['month']}${parts['day']}${parts['hour']}${parts['minute']}${parts['second']}`;
};

/** Random decimal digits (RRN) and upper-case hex (INT_REF, APPROVAL, sessions). */
export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
export const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
