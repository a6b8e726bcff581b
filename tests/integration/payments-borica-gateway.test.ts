import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAttempt, PaymentGateway } from '../../sync-server/payments/gateway.ts';
import { createBoricaGateway, type BoricaConfig } from '../../sync-server/payments/borica/index.ts';
import { requestMacData, sign } from '../../sync-server/payments/borica/mac-general.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';

/**
 * The store's BORICA gateway against the APGW simulator as a separate process, both with keys made here: the
 * browser's part (posting the form, paying on the card page) is driven with fetch, as a browser would.
 */

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchantKeys = pair();
const gatewayKeys = pair();
const BACKREF = 'http://127.0.0.1:9/borica/return';
const TERMINAL = 'V1800001';
const MINUTE = 60_000;

let sim: SimulatorProcess;
let config: BoricaConfig;
let gateway: PaymentGateway;

beforeAll(async () => {
  sim = await startSimulator('borica', {
    BORICA_SIM_TERMINAL: TERMINAL,
    BORICA_SIM_PRIVATE_KEY: gatewayKeys.privateKeyPem,
    BORICA_SIM_MERCHANT_PUBLIC_KEY: merchantKeys.publicKeyPem,
    BORICA_SIM_BACKREF: BACKREF,
  });
  config = {
    url: sim.url,
    terminal: TERMINAL,
    merchant: '1600000001',
    merchantName: 'Apple Store България',
    merchantUrl: 'https://shop.example.bg',
    merchantKeyPem: merchantKeys.privateKeyPem,
    gatewayPublicKeyPem: gatewayKeys.publicKeyPem,
    timeoutMs: 5_000,
  };
  gateway = createBoricaGateway(config);
});

afterAll(async () => {
  await sim?.stop();
});

let orderSeq = 100_000 + Math.floor(Math.random() * 800_000);
const attemptOf = (amountEur = 900, createdAt = Date.now()): PaymentAttempt => {
  orderSeq += 1;
  return {
    attemptId: crypto.randomUUID(),
    orderId: crypto.randomUUID(),
    orderNumber: `0000${orderSeq}`,
    amountEur,
    providerRef: String(orderSeq),
    description: `Поръчка 0000${orderSeq}`,
    shopper: { name: 'Иван Петров', email: 'ivan@example.bg', phone: '+359881234567' },
    language: 'bg',
    createdAt,
  };
};

const unescape = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
  );

/** The hidden fields of the page's form: what the browser would post on. */
const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      unescape(m[1] ?? ''),
      unescape(m[2] ?? ''),
    ]),
  );

const postForm = async (url: string, fields: Readonly<Record<string, string>>) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
};

/** The shopper's browser posting the gateway's form, as the store's page auto-submits it. */
const openForm = async (g: PaymentGateway, attempt: PaymentAttempt) => {
  const { step } = await g.begin(attempt);
  if (step.kind !== 'post-form') throw new Error('BORICA starts with a form');
  return { fields: step.fields, ...(await postForm(step.url, step.fields)) };
};

const simPost = async (path: string, body: unknown) => {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

interface PayAnswer {
  backref?: string;
  fields?: Record<string, string>;
  dropped?: boolean;
  otpRequired?: boolean;
}
const pay = async (order: string, card: string, extra: { otp?: string; cancel?: boolean } = {}) =>
  (await simPost('/__sim/pay', { ORDER: order, card, ...extra })).json as PayAnswer;

interface Stats {
  sales: { approved: number; declined: number };
  charges: { order: string; amount: string; rc: string }[];
  reversals: { order: string; amount: string }[];
}
const stats = async (): Promise<Stats> => (await (await fetch(`${sim.url}/__sim/stats`)).json()) as Stats;
const chargesOf = async (order: string) => (await stats()).charges.filter((c) => c.order === order);

/** Opens the form and pays it on the simulator: the BACKREF fields the browser brings back. */
const payThrough = async (attempt: PaymentAttempt, card: string, extra: { otp?: string; cancel?: boolean } = {}) => {
  const form = await openForm(gateway, attempt);
  expect(form.status).toBe(200);
  const answer = await pay(attempt.providerRef, card, extra);
  if (!answer.fields) throw new Error(`no BACKREF answer: ${JSON.stringify(answer)}`);
  expect(answer.backref).toBe(BACKREF);
  return answer.fields;
};

describe('BORICA card payments against the APGW simulator', () => {
  it('takes the gateway’s form and shows a Bulgarian test card page with the amount', async () => {
    const attempt = attemptOf(122659);
    const form = await openForm(gateway, attempt);
    expect(form.status).toBe(200);
    expect(form.html).toContain('ТЕСТОВ ШЛЮЗ');
    expect(form.html).toContain('1226.59 EUR');
    expect(form.html).toContain('Apple Store България');
    expect(form.html).toContain('Плати');
    expect(form.html).toContain('Откажи');
    expect(form.html).not.toMatch(/(src|href)="https?:/);
    expect(form.csp).toContain("script-src 'self'");
    expect(form.csp).not.toContain('unsafe-inline');
  });

  it('pays with the approving card: paid, with the masked card and one charge', async () => {
    const attempt = attemptOf();
    const fields = await payThrough(attempt, '5100770000000022');
    expect(gateway.referenceOf(fields)).toBe(attempt.providerRef);
    const verdict = await gateway.settleReturn(attempt, fields);
    expect(verdict).toMatchObject({ kind: 'paid', providerRef: attempt.providerRef, card: '5100XXXXXXXX0022' });
    if (verdict.kind === 'paid') expect(verdict.settlementRef).toMatch(/^\d{12}:[0-9A-F]{16}$/);
    expect(await chargesOf(attempt.providerRef)).toEqual([{ order: attempt.providerRef, amount: '9.00', rc: '00' }]);
  });

  it('declines card 5555000000070019 with 04 (retryable), and a retry with a new ORDER is paid', async () => {
    const first = attemptOf();
    const declined = await gateway.settleReturn(first, await payThrough(first, '5555000000070019'));
    expect(declined).toMatchObject({ kind: 'declined', code: '04', retryable: true, card: '5555XXXXXXXX0019' });
    const retry = attemptOf();
    expect(retry.providerRef).not.toBe(first.providerRef);
    expect((await gateway.settleReturn(retry, await payThrough(retry, '5100770000000022'))).kind).toBe('paid');
    expect((await chargesOf(first.providerRef)).map((c) => c.rc)).toEqual(['04']);
    expect((await chargesOf(retry.providerRef)).map((c) => c.rc)).toEqual(['00']);
  });

  it.each([
    ['5555000000070027', '13'],
    ['5555000000070035', '91'],
  ])('declines card %s with its documented code %s', async (card, rc) => {
    const attempt = attemptOf();
    expect(await gateway.settleReturn(attempt, await payThrough(attempt, card))).toMatchObject({
      kind: 'declined',
      code: rc,
    });
  });

  it('soft-declines an amount ending in .65 (RC 65, ACTION 21)', async () => {
    const attempt = attemptOf(1065);
    const fields = await payThrough(attempt, '5100770000000022');
    expect(fields).toMatchObject({ ACTION: '21', RC: '65' });
    expect(await gateway.settleReturn(attempt, fields)).toMatchObject({
      kind: 'declined',
      code: '65',
      retryable: true,
    });
  });

  it('asks the 3-D Secure card for its code: 111111 pays, a wrong code fails authentication', async () => {
    const attempt = attemptOf();
    await openForm(gateway, attempt);
    expect(await pay(attempt.providerRef, '4341792000000044')).toEqual({ otpRequired: true });
    const answer = await pay(attempt.providerRef, '4341792000000044', { otp: '111111' });
    expect(await gateway.settleReturn(attempt, answer.fields ?? {})).toMatchObject({ kind: 'paid' });
    const wrong = attemptOf();
    const fields = await payThrough(wrong, '4341792000000044', { otp: '000000' });
    expect(await gateway.settleReturn(wrong, fields)).toMatchObject({ kind: 'declined', code: '-19' });
  });

  it('takes the shopper’s "Откажи" as a retryable decline (-25) and charges nothing', async () => {
    const attempt = attemptOf();
    const fields = await payThrough(attempt, '', { cancel: true });
    expect(await gateway.settleReturn(attempt, fields)).toMatchObject({
      kind: 'declined',
      code: '-25',
      retryable: true,
    });
    expect((await chargesOf(attempt.providerRef)).filter((c) => c.rc === '00')).toEqual([]);
  });

  it('believes nothing of a BACKREF answer changed on the way; the status check tells the truth', async () => {
    const declined = attemptOf();
    const fields = await payThrough(declined, '5555000000070019');
    const forged = { ...fields, ACTION: '0', RC: '00' };
    expect(await gateway.settleReturn(declined, forged)).toEqual({
      kind: 'unknown',
      providerRef: declined.providerRef,
    });
    expect(await gateway.status(declined)).toMatchObject({ kind: 'declined', code: '04' });

    const paid = attemptOf(900);
    const paidFields = await payThrough(paid, '5100770000000022');
    expect((await gateway.settleReturn(paid, { ...paidFields, AMOUNT: '0.09' })).kind).toBe('unknown');
  });

  it('finds a charge whose BACKREF never came by the status check (TRTYPE 90)', async () => {
    const attempt = attemptOf();
    await openForm(gateway, attempt);
    await simPost('/__sim/faults', { dropBackref: true });
    expect(await pay(attempt.providerRef, '5100770000000022')).toEqual({ dropped: true });
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid', card: '5100XXXXXXXX0022' });
    expect(await chargesOf(attempt.providerRef)).toHaveLength(1);
  });

  it('answers the status check: no trace of an unknown ORDER, pending while the form is open', async () => {
    expect(await gateway.status(attemptOf())).toMatchObject({ kind: 'unknown' });
    const open = attemptOf();
    await openForm(gateway, open);
    expect(await gateway.status(open)).toMatchObject({ kind: 'pending', code: '-40' });
    await pay(open.providerRef, '4341792000000044');
    expect(await gateway.status(open)).toMatchObject({ kind: 'pending', code: '-33' });
  });

  it('throws on a status answer that comes too late, and learns the truth when asked again', async () => {
    const attempt = attemptOf();
    await payThrough(attempt, '5100770000000022');
    await simPost('/__sim/faults', { delayMs: 3_000 });
    const impatient = createBoricaGateway({ ...config, timeoutMs: 300 });
    await expect(impatient.status(attempt)).rejects.toThrow();
    expect((await impatient.status(attempt)).kind).toBe('paid');
  });

  it('refuses the same form (ORDER and NONCE) posted again, and any form for a paid ORDER: one charge', async () => {
    const attempt = attemptOf();
    const form = await openForm(gateway, attempt);
    const again = await postForm(`${sim.url}/cgi-bin/cgi_link`, form.fields);
    expect(hiddenFields(again.html)).toMatchObject({ ACTION: '1', RC: '-21', ORDER: attempt.providerRef });
    expect(await gateway.settleReturn(attempt, hiddenFields(again.html))).toMatchObject({ kind: 'unknown' });

    const paidFields = await pay(attempt.providerRef, '5100770000000022');
    expect(paidFields.fields?.['RC']).toBe('00');
    const replay = await postForm(`${sim.url}/cgi-bin/cgi_link`, form.fields);
    expect(hiddenFields(replay.html)).toMatchObject({ ACTION: '1', RC: '-21' });
    const fresh = await openForm(gateway, attempt);
    expect(hiddenFields(fresh.html)).toMatchObject({ ACTION: '1', RC: '-21' });
    expect(await chargesOf(attempt.providerRef)).toHaveLength(1);
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid' });
  });

  it('lets only the newest form of an ORDER pay (a second tab): one charge', async () => {
    const attempt = attemptOf();
    const firstTab = await openForm(gateway, attempt);
    const secondTab = await openForm(gateway, attempt);
    const pay1 = await postForm(`${sim.url}/cgi-bin/pay`, {
      ...hiddenFields(firstTab.html),
      card: '5100770000000022',
      choice: 'pay',
    });
    expect(pay1.status).toBe(410);
    const pay2 = await postForm(`${sim.url}/cgi-bin/pay`, {
      ...hiddenFields(secondTab.html),
      card: '5100770000000022',
      choice: 'pay',
    });
    expect((await gateway.settleReturn(attempt, hiddenFields(pay2.html))).kind).toBe('paid');
    expect(await chargesOf(attempt.providerRef)).toHaveLength(1);
  });

  it('refuses a form whose TIMESTAMP is 20 minutes old (-17), or whose P_SIGN does not match (-17)', async () => {
    const stale = attemptOf();
    const lateGateway = createBoricaGateway(config, fetch, { now: () => Date.now() - 20 * MINUTE });
    const staleForm = await openForm(lateGateway, stale);
    const staleAnswer = hiddenFields(staleForm.html);
    expect(staleAnswer).toMatchObject({ ACTION: '3', RC: '-17', ORDER: stale.providerRef });
    expect(await gateway.settleReturn(stale, staleAnswer)).toMatchObject({ kind: 'declined', code: '-17' });

    const forged = attemptOf();
    const { step } = await gateway.begin(forged);
    if (step.kind !== 'post-form') throw new Error('not a form');
    const cheaper = await postForm(step.url, { ...step.fields, AMOUNT: '0.01' });
    expect(hiddenFields(cheaper.html)).toMatchObject({ RC: '-17' });
    expect(await chargesOf(stale.providerRef)).toEqual([]);
    expect(await chargesOf(forged.providerRef)).toEqual([]);
  });

  it('refunds (TRTYPE 24) once: a repeat is refused by the gateway and reported as the first refund', async () => {
    const attempt = attemptOf(4999);
    const verdict = await gateway.settleReturn(attempt, await payThrough(attempt, '5100770000000022'));
    if (verdict.kind !== 'paid') throw new Error(`not paid: ${verdict.kind}`);
    const first = await gateway.refund(attempt, verdict.settlementRef, 4999, 'refund-1');
    expect(first).toMatchObject({ kind: 'refunded', amountEur: 4999 });
    const repeat = await gateway.refund(attempt, verdict.settlementRef, 4999, 'refund-1');
    expect(repeat).toEqual(first);
    expect((await stats()).reversals.filter((r) => r.order === attempt.providerRef)).toEqual([
      { order: attempt.providerRef, amount: '49.99' },
    ]);

    // The gateway itself says no to a second reversal of the ORDER.
    const [rrn = '', intRef = ''] = verdict.settlementRef.split(':');
    const fields: Record<string, string> = {
      TERMINAL,
      TRTYPE: '24',
      AMOUNT: '49.99',
      CURRENCY: 'EUR',
      ORDER: attempt.providerRef,
      RRN: rrn,
      INT_REF: intRef,
      TIMESTAMP: new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14),
      NONCE: crypto.randomUUID().replace(/-/g, '').toUpperCase(),
    };
    const raw = await fetch(`${sim.url}/cgi-bin/cgi_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, P_SIGN: sign(requestMacData(fields), merchantKeys.privateKeyPem) }),
    });
    expect(await raw.json()).toMatchObject({ ACTION: '1', RC: '-21' });
  });

  it('reverses once when the first reversal’s answer was lost: the retry learns it was done', async () => {
    const attempt = attemptOf(1500);
    const verdict = await gateway.settleReturn(attempt, await payThrough(attempt, '5100770000000022'));
    if (verdict.kind !== 'paid') throw new Error(`not paid: ${verdict.kind}`);
    await simPost('/__sim/faults', { delayMs: 3_000 });
    const impatient = createBoricaGateway({ ...config, timeoutMs: 300 });
    await expect(impatient.refund(attempt, verdict.settlementRef, 1500, 'refund-2')).rejects.toThrow();
    expect(await gateway.refund(attempt, verdict.settlementRef, 1500, 'refund-2')).toMatchObject({
      kind: 'refunded',
      amountEur: 1500,
    });
    expect((await stats()).reversals.filter((r) => r.order === attempt.providerRef)).toHaveLength(1);
  });

  it('refuses to refund a sale that was not approved', async () => {
    const attempt = attemptOf();
    await payThrough(attempt, '5555000000070019');
    expect(await gateway.refund(attempt, '000000000000:0000000000000000', 900, 'refund-x')).toMatchObject({
      kind: 'refused',
      code: '-24',
    });
    expect((await stats()).reversals.filter((r) => r.order === attempt.providerRef)).toEqual([]);
  });
});

describe('the simulator’s pages, as a browser uses them', () => {
  it('pays on the card page and sends the browser to BACKREF with a signed answer, with or without JavaScript', async () => {
    const attempt = attemptOf();
    const form = await openForm(gateway, attempt);
    const page = await postForm(`${sim.url}/cgi-bin/pay`, {
      ...hiddenFields(form.html),
      card: '5100 7700 0000 0022',
      expiry: '12/30',
      cvc: '123',
      cardholder: 'IVAN PETROV',
      choice: 'pay',
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`action="${BACKREF}"`);
    expect(page.html).toContain('Продължи');
    expect(page.html).toContain('<script src="/sim.js"');
    expect(page.csp).toContain('form-action');
    const script = await fetch(`${sim.url}/sim.js`);
    expect(await script.text()).toContain('submit()');
    expect(await gateway.settleReturn(attempt, hiddenFields(page.html))).toMatchObject({
      kind: 'paid',
      card: '5100XXXXXXXX0022',
    });
  });

  it('takes the 3-D Secure code on its own page', async () => {
    const attempt = attemptOf();
    const form = await openForm(gateway, attempt);
    const otpPage = await postForm(`${sim.url}/cgi-bin/pay`, {
      ...hiddenFields(form.html),
      card: '4341792000000044',
      choice: 'pay',
    });
    expect(otpPage.html).toContain('3-D Secure');
    const done = await postForm(`${sim.url}/cgi-bin/otp`, { ...hiddenFields(otpPage.html), otp: '111111' });
    expect(await gateway.settleReturn(attempt, hiddenFields(done.html))).toMatchObject({ kind: 'paid' });
  });

  it('keeps the card page open on a card that is not a test card', async () => {
    const attempt = attemptOf();
    const form = await openForm(gateway, attempt);
    const page = await postForm(`${sim.url}/cgi-bin/pay`, {
      ...hiddenFields(form.html),
      card: '4111111111111111',
      choice: 'pay',
    });
    expect(page.status).toBe(422);
    expect(page.html).toContain('тестовите карти');
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'pending' });
  });
});
