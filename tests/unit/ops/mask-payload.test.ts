import { describe, expect, it } from 'vitest';
import { MASKED, maskPayload } from '../../../schema/ops/mask-payload.ts';

/** A valid ЕГН (born 1 January 1970) and one whose check digit is wrong. */
const EGN = '7001010006';

describe('a command payload as an operator sees it', () => {
  it('given an order with invoice details, when masked, then the ЕГН is asterisks and the rest is as sent', () => {
    const payload = {
      orderId: '0193a000-0000-4000-8000-000000000001',
      details: { invoice: { egn: EGN, name: 'Петя Иванова' }, phone: '0888123456' },
    };

    expect(maskPayload(payload)).toEqual({
      orderId: payload.orderId,
      details: { invoice: { egn: '**********', name: 'Петя Иванова' }, phone: '0888123456' },
    });
  });

  it('given secrets under any spelling of their key, then each is masked, and null stays null', () => {
    const masked = maskPayload({
      password: 'hunter2',
      new_password: 'hunter3',
      refreshToken: 'r-123',
      card: { cardNumber: '4111111111111111', cvv: '123' },
      resetSecret: 'abc',
      token: null,
    });

    expect(masked).toEqual({
      password: MASKED,
      new_password: MASKED,
      refreshToken: MASKED,
      card: { cardNumber: MASKED, cvv: MASKED },
      resetSecret: MASKED,
      token: null,
    });
  });

  it('given a ЕГН under a key that does not say so, or in a list, then it is masked all the same', () => {
    expect(maskPayload({ note: EGN, ids: [EGN, 'x'] })).toEqual({ note: '**********', ids: ['**********', 'x'] });
  });

  it('given a ЕГН field that fails the check digit, then it is masked anyway: the key says what it is', () => {
    expect(maskPayload({ egn: '7001010001' })).toEqual({ egn: '**********' });
  });

  it('given a payload, when masked, then the original is unchanged', () => {
    const payload = { egn: EGN, nested: { password: 'p' } };
    maskPayload(payload);

    expect(payload).toEqual({ egn: EGN, nested: { password: 'p' } });
  });
});
