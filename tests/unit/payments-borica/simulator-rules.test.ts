import { describe, expect, it } from 'vitest';
import type { PaymentAttempt } from '../../../sync-server/payments/gateway.ts';
import { createBoricaGateway, type BoricaConfig, type FetchFn } from '../../../sync-server/payments/borica/index.ts';
import { requestMacData, responseMacData, sign, verify } from '../../../sync-server/payments/borica/mac-general.ts';
import { createGateway } from '../../../simulators/borica/gateway.ts';
import { requestData, responseData, signHex, verifyHex } from '../../../simulators/borica/mac.ts';
import { rsaPair } from './keys.ts';

/**
 * The simulator's rules with its clock in the test's hand (what a process cannot show without waiting 15 minutes),
 * and the two copies of MAC_GENERAL, the store's and the simulator's, agreeing.
 */

const merchant = rsaPair();
const gatewayKeys = rsaPair();
const MINUTE = 60_000;

const manualVector = {
  TERMINAL: 'V1800001',
  TRTYPE: '1',
  AMOUNT: '1.00',
  CURRENCY: 'BGN',
  ORDER: '145659',
  TIMESTAMP: '20201013115715',
  NONCE: 'FC8AC36A9FDADCB6127D273CD15DAEC3',
};

describe('the two MAC_GENERAL copies', () => {
  it('build the same strings, and each side verifies what the other signs', () => {
    expect(requestData(manualVector)).toBe(requestMacData(manualVector));
    expect(requestData({ ...manualVector, TRTYPE: '90' })).toBe(requestMacData({ ...manualVector, TRTYPE: '90' }));
    const answer = { ACTION: '0', RC: '00', TERMINAL: 'V1800001', DESC: 'Поръчка', ORDER: '145659' };
    expect(responseData(answer)).toBe(responseMacData(answer));
    expect(
      verifyHex(
        requestMacData(manualVector),
        sign(requestMacData(manualVector), merchant.privateKeyPem),
        merchant.publicKeyPem,
      ),
    ).toBe(true);
    expect(
      verify(responseData(answer), signHex(responseData(answer), gatewayKeys.privateKeyPem), gatewayKeys.publicKeyPem),
    ).toBe(true);
  });
});

describe('the simulator’s clock-bound rules', () => {
  let clock = Date.UTC(2026, 10, 26, 10, 0, 0);
  const sim = createGateway(
    {
      port: 0,
      host: '127.0.0.1',
      terminal: 'V1800001',
      currency: 'EUR',
      privateKeyPem: gatewayKeys.privateKeyPem,
      merchantPublicKeyPem: merchant.publicKeyPem,
      backref: 'http://127.0.0.1:9/back',
    },
    () => clock,
  );
  const config: BoricaConfig = {
    url: 'http://sim.test',
    terminal: 'V1800001',
    merchant: '1600000001',
    merchantName: 'Apple Store България',
    merchantUrl: 'https://shop.example.bg',
    merchantKeyPem: merchant.privateKeyPem,
    gatewayPublicKeyPem: gatewayKeys.publicKeyPem,
    timeoutMs: 1_000,
  };
  /** The store's server-side calls answered by the simulator's rules in-process. */
  const toSim: FetchFn = async (_url, init) => {
    const form = Object.fromEntries(new URLSearchParams(String(init.body)));
    const answer = form['TRTYPE'] === '90' ? sim.status(form) : sim.reverse(form);
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  const store = createBoricaGateway(config, toSim, { now: () => clock });
  const attemptOf = (order: string): PaymentAttempt => ({
    attemptId: '0190a5d2-0000-7000-8000-000000000001',
    orderId: 'o',
    orderNumber: '123',
    amountEur: 900,
    providerRef: order,
    description: 'Поръчка 123',
    shopper: { name: 'Иван', email: 'ivan@example.bg' },
    language: 'bg',
    createdAt: clock,
  });
  const open = async (attempt: PaymentAttempt) => {
    const { step } = await store.begin(attempt);
    if (step.kind !== 'post-form') throw new Error('not a form');
    return sim.acceptSaleForm({ ...step.fields });
  };

  it('keeps a form open 15 minutes: then it can no longer pay, and the status check calls it a timeout', async () => {
    const attempt = attemptOf('200001');
    const form = await open(attempt);
    if (form.kind !== 'card-page') throw new Error(`refused: ${JSON.stringify(form)}`);
    clock += 10 * MINUTE;
    expect(await store.status(attempt)).toMatchObject({ kind: 'pending', code: '-40' });
    clock += 6 * MINUTE;
    expect(sim.pay(form.sale, '5100770000000022')).toMatchObject({ kind: 'decided', answer: { RC: '-40' } });
    expect(await store.status(attempt)).toMatchObject({ kind: 'declined', code: '-40', retryable: true });
    expect(sim.stats().sales.approved).toBe(0);
  });

  it('refuses a form whose TIMESTAMP is more than 15 minutes off, either way', async () => {
    const attempt = attemptOf('200002');
    const { step } = await store.begin(attempt);
    if (step.kind !== 'post-form') throw new Error('not a form');
    clock += 16 * MINUTE;
    expect(sim.acceptSaleForm({ ...step.fields })).toMatchObject({ kind: 'refused', answer: { RC: '-17' } });
    const { step: early } = await createBoricaGateway(config, toSim, { now: () => clock + 16 * MINUTE }).begin(
      attemptOf('200003'),
    );
    if (early.kind !== 'post-form') throw new Error('not a form');
    expect(sim.acceptSaleForm({ ...early.fields })).toMatchObject({ kind: 'refused', answer: { RC: '-17' } });
  });

  it('refuses a form missing a field (-1), and the same form twice (ACTION 1, RC -21)', async () => {
    const attempt = attemptOf('200004');
    const { step } = await store.begin(attempt);
    if (step.kind !== 'post-form') throw new Error('not a form');
    const { DESC: _desc, ...withoutDesc } = step.fields;
    expect(sim.acceptSaleForm(withoutDesc)).toMatchObject({ kind: 'refused', answer: { RC: '-1' } });
    expect(sim.acceptSaleForm({ ...step.fields }).kind).toBe('card-page');
    expect(sim.acceptSaleForm({ ...step.fields })).toMatchObject({
      kind: 'refused',
      answer: { ACTION: '1', RC: '-21' },
    });
  });
});
