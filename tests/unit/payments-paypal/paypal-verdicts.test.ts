import { describe, expect, it } from 'vitest';
import type { PaymentAttempt } from '../../../sync-server/payments/gateway.ts';
import {
  approveLinkOf,
  captureSchema,
  issueOf,
  orderAnswerSchema,
} from '../../../sync-server/payments/paypal/paypal-answers.ts';
import { PayPalError } from '../../../sync-server/payments/paypal/paypal-errors.ts';
import {
  verdictOfCapture,
  verdictOfCaptureRefusal,
  verdictOfCompletedOrder,
  verdictOfOpenOrder,
} from '../../../sync-server/payments/paypal/paypal-verdicts.ts';
import { attempt, capture, completedOrder } from './fixtures.ts';

const ORDER = '5O190127TN364715T';
const order = (json: unknown) => orderAnswerSchema.parse(json);
const judged = (of: PaymentAttempt, json: unknown) => verdictOfCapture(of, ORDER, captureSchema.parse(json));

describe("a PayPal capture's own status decides", () => {
  it("given a COMPLETED capture of the attempt's amount, then the attempt is paid and the capture id kept for refunds", () => {
    expect(judged(attempt(), capture('COMPLETED'))).toMatchObject({
      kind: 'paid',
      providerRef: ORDER,
      settlementRef: '3C679366HH908993F',
    });
  });

  it('given a DECLINED or FAILED capture, then the attempt is declined and the shopper may try again', () => {
    for (const status of ['DECLINED', 'FAILED'] as const)
      expect(judged(attempt(), capture(status))).toMatchObject({
        kind: 'declined',
        code: status,
        retryable: true,
      });
  });

  it("given a PENDING capture, then the attempt is pending with PayPal's reason", () => {
    const pending = capture('PENDING', '1299.99', { status_details: { reason: 'PENDING_REVIEW' } });
    expect(judged(attempt(), pending)).toMatchObject({ kind: 'pending', code: 'PENDING_REVIEW' });
  });

  it('given an order COMPLETED whose capture was DECLINED, then it is declined, not paid (the order status is not the word)', () => {
    expect(verdictOfCompletedOrder(attempt(), order(completedOrder(capture('DECLINED'))))).toMatchObject({
      kind: 'declined',
    });
  });

  it("given a capture refunded since, then the attempt was still paid (the refund is the hub's record)", () => {
    expect(judged(attempt(), capture('REFUNDED'))).toMatchObject({ kind: 'paid' });
  });

  it('given a capture of another amount or currency, then nothing is concluded: it throws (in doubt)', () => {
    expect(() => judged(attempt(), capture('COMPLETED', '1299.98'))).toThrow(PayPalError);
    expect(() =>
      judged(attempt(), {
        ...capture('COMPLETED'),
        amount: { currency_code: 'USD', value: '1299.99' },
      }),
    ).toThrow(PayPalError);
  });

  it('given a capture that names another attempt, then it throws', () => {
    expect(() => judged(attempt(), capture('COMPLETED', '1299.99', { custom_id: 'other' }))).toThrow(
      /belongs to attempt other/,
    );
  });

  it('given a completed order without a capture, then it throws (an answer the store cannot read)', () => {
    const { payments: _, ...unit } = completedOrder(capture('COMPLETED')).purchase_units[0]!;
    expect(() =>
      verdictOfCompletedOrder(attempt(), order({ ...completedOrder(capture('COMPLETED')), purchase_units: [unit] })),
    ).toThrow(PayPalError);
  });

  it('given an English shopper, then the words are English', () => {
    expect(judged(attempt({ language: 'en' }), capture('COMPLETED'))).toMatchObject({
      message: 'PayPal: the payment is complete.',
    });
  });
});

describe('a capture PayPal refused (422)', () => {
  it('given ORDER_NOT_APPROVED, then the payer is not done: pending', () => {
    expect(verdictOfCaptureRefusal(attempt(), ORDER, 'ORDER_NOT_APPROVED')).toMatchObject({ kind: 'pending' });
  });

  it('given INSTRUMENT_DECLINED, then declined and retryable', () => {
    expect(verdictOfCaptureRefusal(attempt(), ORDER, 'INSTRUMENT_DECLINED')).toMatchObject({
      kind: 'declined',
      code: 'INSTRUMENT_DECLINED',
      retryable: true,
    });
  });

  it('given DUPLICATE_INVOICE_ID (the order paid by another attempt), then declined and not to be retried', () => {
    expect(verdictOfCaptureRefusal(attempt(), ORDER, 'DUPLICATE_INVOICE_ID')).toMatchObject({ retryable: false });
  });
});

describe('an order not captured', () => {
  const open = (status: string) => order({ id: ORDER, status, purchase_units: [], links: [] });

  it('given CREATED or PAYER_ACTION_REQUIRED, then pending (the shopper is not done)', () => {
    for (const status of ['CREATED', 'PAYER_ACTION_REQUIRED'])
      expect(verdictOfOpenOrder(attempt(), open(status))).toMatchObject({ kind: 'pending', code: status });
  });

  it('given VOIDED, then declined', () => {
    expect(verdictOfOpenOrder(attempt(), open('VOIDED'))).toMatchObject({ kind: 'declined', code: 'VOIDED' });
  });

  it('given an order of another attempt, then it throws', () => {
    const other = order({ id: ORDER, status: 'CREATED', purchase_units: [{ custom_id: 'someone-else' }] });
    expect(() => verdictOfOpenOrder(attempt(), other)).toThrow(PayPalError);
  });
});

describe("reading PayPal's answers", () => {
  it('given an order status PayPal does not document, then the answer is refused', () => {
    expect(orderAnswerSchema.safeParse({ id: ORDER, status: 'PAID' }).success).toBe(false);
  });

  it('given a capture status PayPal does not document, then the order is refused', () => {
    expect(orderAnswerSchema.safeParse(completedOrder(capture('SETTLED'))).success).toBe(false);
  });

  it('given payer-action and approve links, then the shopper goes to payer-action; to approve when it is the only one', () => {
    const links = [
      { href: 'https://paypal.test/approve', rel: 'approve' },
      { href: 'https://paypal.test/payer-action', rel: 'payer-action' },
    ];
    expect(approveLinkOf(order({ id: ORDER, status: 'CREATED', links }))).toBe('https://paypal.test/payer-action');
    expect(approveLinkOf(order({ id: ORDER, status: 'CREATED', links: links.slice(0, 1) }))).toBe(
      'https://paypal.test/approve',
    );
    expect(approveLinkOf(order({ id: ORDER, status: 'CREATED' }))).toBeUndefined();
  });

  it("given PayPal's error body, then its first issue is read; without details, its name", () => {
    const body = {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed.',
      debug_id: 'abc123',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
    };
    expect(issueOf(body)).toEqual({
      issue: 'ORDER_ALREADY_CAPTURED',
      description: 'Order already captured.',
      debugId: 'abc123',
    });
    expect(issueOf({ name: 'RESOURCE_NOT_FOUND' })?.issue).toBe('RESOURCE_NOT_FOUND');
    expect(issueOf('<html>')).toBeUndefined();
  });
});
