import { describe, expect, it } from 'vitest';
import {
  amountOf,
  centsOf,
  clip,
  merchGmtOf,
  mInfoOf,
  newNonce,
  timeOfTimestamp,
  timeOfTranDate,
  timestampOf,
} from '../../../sync-server/payments/borica/borica-fields.ts';

describe('APGW field values', () => {
  it('writes euro cents as AMOUNT with a decimal point, and reads it back', () => {
    expect(amountOf(900)).toBe('9.00');
    expect(amountOf(1)).toBe('0.01');
    expect(amountOf(122659)).toBe('1226.59');
    expect(() => amountOf(0)).toThrow();
    expect(() => amountOf(12.5)).toThrow();
    expect(centsOf('9.00')).toBe(900);
    expect(centsOf('9.5')).toBe(950);
    expect(centsOf('9')).toBe(900);
    expect(centsOf('9,00')).toBeUndefined();
    expect(centsOf(undefined)).toBeUndefined();
  });

  it('writes TIMESTAMP in UTC and reads it back', () => {
    const at = Date.UTC(2020, 9, 13, 11, 57, 15);
    expect(timestampOf(at)).toBe('20201013115715');
    expect(timeOfTimestamp('20201013115715')).toBe(at);
    expect(timeOfTimestamp('2020-10-13')).toBeUndefined();
  });

  it('reads TRAN_DATE as Sofia’s local time, as in the manual’s status answer', () => {
    // TIMESTAMP 20201016084515 (UTC) with TRAN_DATE 20201016114310: summer time, UTC+3.
    expect(timeOfTranDate('20201016114310')).toBe(Date.UTC(2020, 9, 16, 8, 43, 10));
    expect(timeOfTranDate('20260115120000')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0));
    expect(timeOfTranDate('')).toBeUndefined();
  });

  it('makes a fresh 32-hex NONCE each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[0-9A-F]{32}$/);
    expect(newNonce()).not.toBe(a);
  });

  it('gives Sofia’s offset for MERCH_GMT, winter and summer', () => {
    expect(merchGmtOf(Date.UTC(2026, 0, 15))).toBe('+02');
    expect(merchGmtOf(Date.UTC(2026, 6, 15))).toBe('+03');
  });

  it('packs the cardholder’s known details as base64 JSON in M_INFO', () => {
    const decoded = (m: string) => JSON.parse(Buffer.from(m, 'base64').toString('utf8')) as unknown;
    expect(decoded(mInfoOf({ name: 'Иван Петров', email: 'ivan@example.bg', phone: '+359 88 123 4567' }))).toEqual({
      email: 'ivan@example.bg',
      cardholderName: 'Иван Петров',
      mobilePhone: { cc: '359', subscriber: '881234567' },
    });
    expect(decoded(mInfoOf({ name: 'Ivan', email: 'ivan@example.bg', phone: '0881234567' }))).toMatchObject({
      mobilePhone: { cc: '359', subscriber: '881234567' },
    });
    expect(decoded(mInfoOf({ name: 'Ivan', email: 'ivan@example.bg' }))).toEqual({
      email: 'ivan@example.bg',
      cardholderName: 'Ivan',
    });
  });

  it('clips by characters, never splitting a letter', () => {
    expect(clip('Поръчка 12345', 7)).toBe('Поръчка');
    expect(clip('😀😀', 1)).toBe('😀');
  });
});
