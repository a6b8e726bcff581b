import { describe, expect, it } from 'vitest';
import { describeRetry } from '../../../sync-server/ops/describe-retry.ts';

describe("a retry's dry run, from what the rolled-back run did", () => {
  it('given an order that would succeed with a confirmation e-mail and a card charge, then it names both and the total', () => {
    const preview = describeRetry({
      outcome: { status: 'succeeded', result: { orderNumber: 'BG-2026-000042' } },
      mails: [{ kind: 'order-status', to: 'maria@example.com' }],
      charges: [{ provider: 'borica', amountEurCents: 123_456, orderNumber: 'BG-2026-000042' }],
    });
    expect(preview).toEqual({
      outcome: { status: 'succeeded', code: 'ok' },
      mails: [{ kind: 'order-status', to: 'maria@example.com' }],
      charges: [{ provider: 'borica', amountEurCents: 123_456, orderNumber: 'BG-2026-000042' }],
      totalChargedEurCents: 123_456,
      summary: [
        'The retry would succeed.',
        'It would send an e-mail (order-status) to maria@example.com.',
        'It would start a charge of €1234.56 through borica for order BG-2026-000042.',
      ],
    });
  });

  it('given a price that moved, when the retry would be refused, then it says so and that nothing is sent or charged', () => {
    const preview = describeRetry({
      outcome: { status: 'rejected', code: 'price_changed', message: 'The price has changed.' },
      mails: [],
      charges: [],
    });
    expect(preview.outcome).toEqual({ status: 'rejected', code: 'price_changed', message: 'The price has changed.' });
    expect(preview.summary).toEqual([
      'The retry would be refused again: price_changed (The price has changed.).',
      'It would send no e-mail.',
      'It would charge nothing.',
    ]);
    expect(preview.totalChargedEurCents).toBe(0);
  });
});
