import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOffers, type CreditDetailsInput } from '../../schema/credit/index.ts';
import { createCreditGateway, CreditApplicationError } from '../../sync-server/credit/index.ts';
import type { PaymentAttempt, PaymentGateway } from '../../sync-server/payments/gateway.ts';
import { startSimulator, type SimulatorProcess } from '../support/simulator-process.ts';

// The credit gateway against the test creditor running as its own process (simulators/credit), as in production.
let simulator: SimulatorProcess;
let gateway: PaymentGateway;
const apiKey = randomBytes(16).toString('hex');

beforeAll(async () => {
  simulator = await startSimulator('credit', { CREDIT_SIM_API_KEY: apiKey });
  gateway = createCreditGateway({ url: simulator.url, apiKey, timeoutMs: 5_000 });
});

afterAll(() => simulator?.stop());

interface Stats {
  applications: number;
  repeatedSubmissions: number;
  cancellations: number;
  byStatus: Record<string, number>;
}
const stats = async (): Promise<Stats> => (await fetch(`${simulator.url}/__sim/stats`)).json() as Promise<Stats>;
const simPost = (path: string, body: unknown) =>
  fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** An order of `total` euro cents bought on UniCredit credit over 12 months, the form's figures the calculator's. */
const attemptOf = (total: number, extra: Partial<CreditDetailsInput> = {}): PaymentAttempt => {
  const offer = creditOffers(total, 0, 'unicredit')[0]!.terms.find((t) => t.months === 12)!;
  const credit: CreditDetailsInput = {
    creditProvider: 'unicredit',
    fullName: 'Иван Петров',
    egn: '0543151230',
    email: 'ivan@example.bg',
    phone: '0888123456',
    town: 'София',
    address: 'ул. Шипка 6',
    firstAmount: 0,
    creditAmount: total,
    monthsNumber: 12,
    perMonth: offer.perMonthEur,
    GLP: offer.glp,
    GPR: offer.gpr,
    ...extra,
  };
  return {
    attemptId: randomUUID(),
    orderId: randomUUID(),
    orderNumber: `100${Math.floor(Math.random() * 1e6)}`,
    amountEur: total,
    providerRef: '',
    description: 'Поръчка',
    shopper: { name: 'Иван Петров', email: 'ivan@example.bg' },
    credit,
    language: 'bg',
    createdAt: Date.now(),
  };
};

/** Begins, and gives back the attempt as the hub stores it (with the application's number). */
const begun = async (attempt: PaymentAttempt): Promise<PaymentAttempt> => {
  const { step, providerRef } = await gateway.begin(attempt);
  expect(step).toEqual({ kind: 'none' });
  expect(providerRef).not.toBe('');
  return { ...attempt, providerRef };
};

describe('the credit gateway with the test creditor', () => {
  it('given a credit up to €5,000, then the application is approved: paid, settled by the application number', async () => {
    const attempt = await begun(attemptOf(129_900));
    expect(await gateway.status(attempt)).toEqual({
      kind: 'paid',
      providerRef: attempt.providerRef,
      message: 'Кредитът е одобрен',
      settlementRef: attempt.providerRef,
    });
  });

  it('given a credit over €5,000, then documents are asked for (pending), and an operator approves it: paid', async () => {
    const attempt = await begun(attemptOf(650_000));
    const waiting = await gateway.status(attempt);
    expect(waiting).toMatchObject({ kind: 'pending', code: 'documents_required' });
    expect(waiting.kind === 'pending' && waiting.message).toContain('служебна бележка');
    expect((await simPost('/__sim/decide', { id: attempt.providerRef, status: 'approved' })).status).toBe(200);
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid', settlementRef: attempt.providerRef });
  });

  it('given the refusing test data, then declined for good with this provider', async () => {
    const attempt = await begun(attemptOf(80_000, { comment: 'откажи' }));
    expect(await gateway.status(attempt)).toMatchObject({
      kind: 'declined',
      retryable: false,
      code: 'refused_test_data',
    });
  });

  it('given the same application sent twice, then the creditor holds one application', async () => {
    const before = await stats();
    const attempt = attemptOf(90_000);
    const first = await gateway.begin(attempt);
    const second = await gateway.begin(attempt);
    expect(second.providerRef).toBe(first.providerRef);
    const after = await stats();
    expect(after.applications - before.applications).toBe(1);
    expect(after.repeatedSubmissions - before.repeatedSubmissions).toBe(1);
  });

  it("given the creditor's answer lost after it made the application, then status finds it by the attempt's id", async () => {
    const before = await stats();
    const attempt = attemptOf(70_000);
    await simPost('/__sim/faults', { dropNext: true });
    await expect(gateway.begin(attempt)).rejects.toThrow();
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid' });
    const retried = await gateway.begin(attempt);
    expect(retried.providerRef).not.toBe('');
    expect((await stats()).applications - before.applications).toBe(1);
  });

  it('given a creditor too slow to answer, then begin is in doubt, and status finds the one application it made', async () => {
    const before = await stats();
    const impatient = createCreditGateway({ url: simulator.url, apiKey, timeoutMs: 200 });
    const attempt = attemptOf(75_000);
    await simPost('/__sim/faults', { delayNextMs: 1_500 });
    await expect(impatient.begin(attempt)).rejects.toThrow();
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'paid' });
    expect((await stats()).applications - before.applications).toBe(1);
  });

  it('given an attempt the creditor never received, then status is unknown', async () => {
    expect(await gateway.status(attemptOf(70_000))).toEqual({ kind: 'unknown', providerRef: '' });
  });

  it('given a forged instalment, then nothing is sent and the field is named', async () => {
    const before = await stats();
    const attempt = attemptOf(100_000);
    const forged = { ...attempt, credit: { ...attempt.credit, perMonth: 1 } };
    await expect(gateway.begin(forged)).rejects.toThrow(CreditApplicationError);
    await expect(gateway.begin(forged)).rejects.toMatchObject({ field: 'credit.perMonth' });
    expect((await stats()).applications).toBe(before.applications);
  });

  it('given an approved credit refunded, then it is cancelled once, however often asked', async () => {
    const attempt = await begun(attemptOf(50_000));
    const before = await stats();
    const refundId = randomUUID();
    const first = await gateway.refund(attempt, attempt.providerRef, attempt.amountEur, refundId);
    const again = await gateway.refund(attempt, attempt.providerRef, attempt.amountEur, refundId);
    expect(first).toMatchObject({ kind: 'refunded', amountEur: 50_000 });
    expect(again).toEqual(first);
    expect((await stats()).cancellations - before.cancellations).toBe(1);
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'declined', code: 'cancelled' });
  });

  it('given an application waiting for documents, then the ТЕСТОВ КРЕДИТОР page lists it and its refusal declines it', async () => {
    const attempt = await begun(attemptOf(700_000, { comment: 'документи' }));
    const page = await (await fetch(`${simulator.url}/__sim/operator`)).text();
    expect(page).toContain('ТЕСТОВ КРЕДИТОР');
    expect(page).toContain('ТЕСТОВ ШЛЮЗ / test gateway');
    expect(page).toContain(attempt.providerRef);
    const refused = await fetch(`${simulator.url}/__sim/operator`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: attempt.providerRef, status: 'refused' }).toString(),
      redirect: 'manual',
    });
    expect(refused.status).toBe(303);
    expect(await gateway.status(attempt)).toMatchObject({ kind: 'declined', retryable: false });
  });

  it('given a wrong API key, then the creditor refuses the call and begin fails', async () => {
    const wrong = createCreditGateway({ url: simulator.url, apiKey: 'not-the-key', timeoutMs: 5_000 });
    await expect(wrong.begin(attemptOf(60_000))).rejects.toThrow(/401/);
  });
});
