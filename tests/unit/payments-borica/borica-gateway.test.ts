import { describe, expect, it } from 'vitest';
import type { PaymentAttempt } from '../../../sync-server/payments/gateway.ts';
import { createBoricaGateway, type FetchFn } from '../../../sync-server/payments/borica/index.ts';
import type { BoricaConfig } from '../../../sync-server/payments/borica/borica-config.ts';
import { requestMacData, responseMacData, sign, verify } from '../../../sync-server/payments/borica/mac-general.ts';
import { rsaPair } from './keys.ts';

const merchant = rsaPair();
const gatewayKeys = rsaPair();
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);

const config: BoricaConfig = {
  url: 'https://gateway.test',
  terminal: 'V1800001',
  merchant: '1600000001',
  merchantName: 'Apple Store България',
  merchantUrl: 'https://shop.example.bg',
  merchantKeyPem: merchant.privateKeyPem,
  gatewayPublicKeyPem: gatewayKeys.publicKeyPem,
  timeoutMs: 200,
};

const attempt: PaymentAttempt = {
  attemptId: '0190a5d2-0000-7000-8000-000000000001',
  orderId: 'order-1',
  orderNumber: '000000123',
  amountEur: 900,
  providerRef: '145659',
  description: 'Поръчка 000000123',
  shopper: { name: 'Иван Петров', email: 'ivan@example.bg', phone: '0881234567' },
  language: 'bg',
  createdAt: NOW - MINUTE,
};

const timestamp = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
/** TRAN_DATE is Sofia's local time: UTC+2 in November. */
const tranDate = (ms: number) => timestamp(ms + 2 * 60 * MINUTE);

const signedAnswer = (fields: Record<string, string>): Record<string, string> => ({
  ...fields,
  P_SIGN: sign(responseMacData(fields), gatewayKeys.privateKeyPem),
});

const paid = (nonce: string, extra: Record<string, string> = {}): Record<string, string> =>
  signedAnswer({
    ACTION: '0',
    RC: '00',
    APPROVAL: 'S95352',
    TERMINAL: 'V1800001',
    TRTYPE: '1',
    AMOUNT: '9.00',
    CURRENCY: 'EUR',
    ORDER: '145659',
    RRN: '028701253307',
    INT_REF: 'A2B93E9D5F9E5C5D',
    PARES_STATUS: 'Y',
    ECI: '05',
    TIMESTAMP: timestamp(NOW - MINUTE),
    NONCE: nonce,
    STATUSMSG: 'Одобрена транзакция',
    CARD: '5100XXXXXXXX0022',
    ...extra,
  });

/** A stand-in for the gateway's server-side calls: checks our P_SIGN, answers what `answer` says, as JSON. */
const fakeGateway = (answer: (form: Record<string, string>) => Record<string, string>) => {
  const requests: Record<string, string>[] = [];
  const fetchFn: FetchFn = async (_url, init) => {
    const form = Object.fromEntries(new URLSearchParams(String(init.body)));
    requests.push(form);
    if (!verify(requestMacData(form), form['P_SIGN'] ?? '', merchant.publicKeyPem)) throw new Error('bad P_SIGN');
    return new Response(JSON.stringify(answer(form)), { headers: { 'content-type': 'application/json' } });
  };
  return { fetchFn, requests };
};

const gatewayWith = (fetchFn: FetchFn = fakeGateway(() => ({})).fetchFn) =>
  createBoricaGateway(config, fetchFn, { now: () => NOW });

describe('BORICA gateway: the sale form', () => {
  it('is a signed TRTYPE 1 form to cgi_link with the spec’s fields', async () => {
    const { step, providerRef } = await gatewayWith().begin(attempt);
    expect(providerRef).toBe('145659');
    expect(step.kind).toBe('post-form');
    if (step.kind !== 'post-form') return;
    expect(step.url).toBe('https://gateway.test/cgi-bin/cgi_link');
    expect(step.fields).toMatchObject({
      TERMINAL: 'V1800001',
      TRTYPE: '1',
      AMOUNT: '9.00',
      CURRENCY: 'EUR',
      ORDER: '145659',
      DESC: 'Поръчка 000000123',
      MERCHANT: '1600000001',
      MERCH_NAME: 'Apple Store България',
      MERCH_URL: 'https://shop.example.bg',
      COUNTRY: 'BG',
      MERCH_GMT: '+02',
      LANG: 'BG',
      ADDENDUM: 'AD,TD',
      'AD.CUST_BOR_ORDER_ID': '145659000000123',
      TIMESTAMP: '20261126100000',
    });
    expect(step.fields['NONCE']).toMatch(/^[0-9A-F]{32}$/);
    expect(step.fields['P_SIGN']).toMatch(/^[0-9A-F]{512}$/);
    expect(verify(requestMacData(step.fields), step.fields['P_SIGN'] ?? '', merchant.publicKeyPem)).toBe(true);
    const mInfo = JSON.parse(Buffer.from(step.fields['M_INFO'] ?? '', 'base64').toString('utf8')) as unknown;
    expect(mInfo).toMatchObject({ cardholderName: 'Иван Петров', email: 'ivan@example.bg' });
  });

  it('keeps the ORDER but takes a fresh NONCE when begun again', async () => {
    const gateway = gatewayWith();
    const first = await gateway.begin(attempt);
    const second = await gateway.begin(attempt);
    if (first.step.kind !== 'post-form' || second.step.kind !== 'post-form') throw new Error('not a form');
    expect(second.step.fields['ORDER']).toBe(first.step.fields['ORDER']);
    expect(second.step.fields['NONCE']).not.toBe(first.step.fields['NONCE']);
  });

  it('clips DESC to 50 characters and AD.CUST_BOR_ORDER_ID to 22, and speaks English when asked', async () => {
    const { step } = await gatewayWith().begin({
      ...attempt,
      description: 'Поръчка '.repeat(10),
      orderNumber: 'A'.repeat(40),
      language: 'en',
    });
    if (step.kind !== 'post-form') throw new Error('not a form');
    expect(Array.from(step.fields['DESC'] ?? '')).toHaveLength(50);
    expect(step.fields['AD.CUST_BOR_ORDER_ID']).toHaveLength(22);
    expect(step.fields['LANG']).toBe('EN');
  });

  it('refuses an attempt without a 6-digit ORDER', async () => {
    await expect(gatewayWith().begin({ ...attempt, providerRef: '12345' })).rejects.toThrow(/6 digits/);
  });

  it('finds the attempt by the answer’s ORDER', () => {
    const gateway = gatewayWith();
    expect(gateway.referenceOf({ ORDER: '145659' })).toBe('145659');
    expect(gateway.referenceOf({ ORDER: 'x' })).toBeUndefined();
    expect(gateway.referenceOf({})).toBeUndefined();
  });
});

describe('BORICA gateway: the answer through the browser', () => {
  const nonce = 'FC8AC36A9FDADCB6127D273CD15DAEC3';

  it('is paid when signed, about this attempt, ACTION 0 and RC 00', async () => {
    expect(await gatewayWith().settleReturn(attempt, paid(nonce))).toEqual({
      kind: 'paid',
      providerRef: '145659',
      card: '5100XXXXXXXX0022',
      message: 'Одобрена транзакция',
      settlementRef: '028701253307:A2B93E9D5F9E5C5D',
    });
  });

  it.each([
    ['AMOUNT', '0.09'],
    ['ORDER', '145660'],
    ['RC', '00 '],
    ['TERMINAL', 'V1800002'],
  ])('is believed in nothing when %s was changed after signing', async (field, value) => {
    const verdict = await gatewayWith().settleReturn(attempt, { ...paid(nonce), [field]: value });
    expect(verdict).toEqual({ kind: 'unknown', providerRef: '145659' });
  });

  it('turns a decline tampered into an approval into nothing', async () => {
    const declined = signedAnswer({ ...paid(nonce), ACTION: '2', RC: '05', P_SIGN: '' });
    expect((await gatewayWith().settleReturn(attempt, declined)).kind).toBe('declined');
    expect((await gatewayWith().settleReturn(attempt, { ...declined, ACTION: '0', RC: '00' })).kind).toBe('unknown');
  });

  it('does not take a genuine answer about another ORDER or amount as this attempt’s', async () => {
    const gateway = gatewayWith();
    expect((await gateway.settleReturn(attempt, paid(nonce, { ORDER: '145660' }))).kind).toBe('unknown');
    expect((await gateway.settleReturn(attempt, paid(nonce, { AMOUNT: '0.09' }))).kind).toBe('unknown');
    expect((await gateway.settleReturn(attempt, paid(nonce, { CURRENCY: 'BGN' }))).kind).toBe('unknown');
  });
});

describe('BORICA gateway: status check (TRTYPE 90)', () => {
  it('sends a signed TRTYPE 90 for the sale and believes a signed answer echoing its NONCE', async () => {
    const fake = fakeGateway((form) => paid(form['NONCE'] ?? ''));
    expect((await gatewayWith(fake.fetchFn).status(attempt)).kind).toBe('paid');
    expect(fake.requests[0]).toMatchObject({ TERMINAL: 'V1800001', TRTYPE: '90', ORDER: '145659', TRAN_TRTYPE: '1' });
  });

  it('takes CURRENCY USD as no trace of the ORDER', async () => {
    const fake = fakeGateway((form) =>
      paid(form['NONCE'] ?? '', { ACTION: '3', RC: '-24', CURRENCY: 'USD', AMOUNT: '' }),
    );
    expect(await gatewayWith(fake.fetchFn).status(attempt)).toEqual({ kind: 'unknown', providerRef: '145659' });
  });

  it('keeps an open form pending, and calls it timed out 15 minutes after the transaction started', async () => {
    const formOpen = (startedAgo: number) =>
      fakeGateway((form) =>
        paid(form['NONCE'] ?? '', {
          ACTION: '3',
          RC: '-40',
          RRN: '',
          INT_REF: '',
          TIMESTAMP: timestamp(NOW),
          TRAN_DATE: tranDate(NOW - startedAgo),
        }),
      ).fetchFn;
    const old = { ...attempt, createdAt: NOW - 20 * MINUTE };
    expect(await gatewayWith(formOpen(2 * MINUTE)).status(attempt)).toMatchObject({ kind: 'pending', code: '-40' });
    // Begun again 2 minutes ago: the form still runs, whatever the attempt's age.
    expect(await gatewayWith(formOpen(2 * MINUTE)).status(old)).toMatchObject({ kind: 'pending' });
    expect(await gatewayWith(formOpen(20 * MINUTE)).status(old)).toMatchObject({
      kind: 'declined',
      code: '-40',
      retryable: true,
    });
  });

  it('throws (in doubt) on a bad signature, an answer about another ORDER, an HTTP error or a timeout', async () => {
    const unsigned = fakeGateway((form) => ({ ...paid(form['NONCE'] ?? ''), P_SIGN: 'AB'.repeat(256) })).fetchFn;
    await expect(gatewayWith(unsigned).status(attempt)).rejects.toThrow(/P_SIGN/);
    const another = fakeGateway((form) => paid(form['NONCE'] ?? '', { ORDER: '999999' })).fetchFn;
    await expect(gatewayWith(another).status(attempt)).rejects.toThrow(/another ORDER/);
    const failing: FetchFn = async () => new Response('oops', { status: 502 });
    await expect(gatewayWith(failing).status(attempt)).rejects.toThrow(/502/);
    const silent: FetchFn = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await expect(gatewayWith(silent).status(attempt)).rejects.toThrow();
  });
});

describe('BORICA gateway: reversal (TRTYPE 24)', () => {
  const reversal = (form: Record<string, string>, extra: Record<string, string> = {}) =>
    paid(form['NONCE'] ?? '', { TRTYPE: '24', INT_REF: 'B0B0B0B0B0B0B0B0', STATUSMSG: 'Сторнирано', ...extra });

  it('reverses with the original’s RRN and INT_REF and reports the amount', async () => {
    const fake = fakeGateway((form) => reversal(form));
    const verdict = await gatewayWith(fake.fetchFn).refund(attempt, '028701253307:A2B93E9D5F9E5C5D', 900, 'r1');
    expect(verdict).toEqual({ kind: 'refunded', refundRef: '24:145659:028701253307', amountEur: 900 });
    expect(fake.requests[0]).toMatchObject({
      TRTYPE: '24',
      AMOUNT: '9.00',
      ORDER: '145659',
      RRN: '028701253307',
      INT_REF: 'A2B93E9D5F9E5C5D',
    });
  });

  it('takes "already executed" as done only when the status check shows the first reversal succeeded', async () => {
    const refusedAgain = (first: 'ok' | 'none') =>
      fakeGateway((form) =>
        form['TRTYPE'] === '24'
          ? reversal(form, { ACTION: '1', RC: '-21', STATUSMSG: 'Вече изпълнена' })
          : first === 'ok'
            ? reversal(form)
            : reversal(form, { ACTION: '3', RC: '-24', CURRENCY: 'USD' }),
      );
    const ok = refusedAgain('ok');
    expect(await gatewayWith(ok.fetchFn).refund(attempt, '028701253307:A2B93E9D5F9E5C5D', 900, 'r1')).toMatchObject({
      kind: 'refunded',
      amountEur: 900,
    });
    expect(ok.requests[1]).toMatchObject({ TRTYPE: '90', TRAN_TRTYPE: '24' });
    const none = refusedAgain('none');
    expect(await gatewayWith(none.fetchFn).refund(attempt, '028701253307:A2B93E9D5F9E5C5D', 900, 'r1')).toMatchObject({
      kind: 'refused',
      code: '-21',
    });
  });

  it('passes on the gateway’s refusal, and refuses a settlement reference without RRN and INT_REF', async () => {
    const fake = fakeGateway((form) => reversal(form, { ACTION: '3', RC: '-24', STATUSMSG: 'Няма такава' }));
    expect(await gatewayWith(fake.fetchFn).refund(attempt, '1:2', 900, 'r1')).toEqual({
      kind: 'refused',
      code: '-24',
      message: 'Няма такава',
    });
    expect((await gatewayWith(fake.fetchFn).refund(attempt, 'nothing', 900, 'r1')).kind).toBe('refused');
  });
});
