import { describe, expect, it } from 'vitest';
import { meaningOf } from '../../../sync-server/payments/borica/borica-verdict.ts';

const MINUTE = 60_000;
const paidAnswer = {
  ACTION: '0',
  RC: '00',
  RRN: '028701253307',
  INT_REF: 'A2B93E9D5F9E5C5D',
  CARD: '5100XXXXXXXX0022',
  STATUSMSG: 'Одобрена транзакция',
};

describe('what an APGW answer means for an attempt', () => {
  it('is paid only for ACTION 0 with RC 00, with the masked card, the message and RRN:INT_REF', () => {
    expect(meaningOf(paidAnswer, '145659', 0)).toEqual({
      kind: 'paid',
      providerRef: '145659',
      card: '5100XXXXXXXX0022',
      message: 'Одобрена транзакция',
      settlementRef: '028701253307:A2B93E9D5F9E5C5D',
    });
    expect(meaningOf({ ...paidAnswer, ACTION: '3' }, '145659', 0).kind).not.toBe('paid');
    expect(meaningOf({ ...paidAnswer, RC: '05', ACTION: '0' }, '145659', 0).kind).not.toBe('paid');
  });

  it.each(['04', '05', '13', '14', '54', '57', '91', '96', '65', '1A'])(
    'takes the bank’s RC %s as a decline the shopper may retry with a new attempt',
    (rc) => {
      const verdict = meaningOf({ ACTION: rc === '65' || rc === '1A' ? '21' : '2', RC: rc }, '145659', 0);
      expect(verdict).toMatchObject({ kind: 'declined', code: rc, retryable: true });
      expect(verdict.kind === 'declined' && verdict.message.length > 0).toBe(true);
    },
  );

  it('shows the gateway’s own message when it sent one', () => {
    expect(meaningOf({ ACTION: '2', RC: '04', STATUSMSG: 'Картата е задържана' }, '145659', 0)).toMatchObject({
      message: 'Картата е задържана',
    });
  });

  it('takes a cancel by the shopper (-25) and other gateway errors as retryable declines', () => {
    expect(meaningOf({ ACTION: '3', RC: '-25' }, '145659', 0)).toMatchObject({
      kind: 'declined',
      code: '-25',
      retryable: true,
    });
    expect(meaningOf({ ACTION: '3', RC: '-17' }, '145659', 0)).toMatchObject({
      kind: 'declined',
      code: '-17',
      retryable: true,
    });
  });

  it.each(['-31', '-33', '-40'])('keeps RC %s pending while the transaction may still finish', (rc) => {
    expect(meaningOf({ ACTION: '3', RC: rc }, '145659', 14 * MINUTE)).toMatchObject({ kind: 'pending', code: rc });
  });

  it('takes -40 past the form’s 15 minutes as a timeout, and any in-progress code past 16 minutes as final', () => {
    expect(meaningOf({ ACTION: '3', RC: '-40' }, '145659', 15 * MINUTE + 1000)).toMatchObject({
      kind: 'declined',
      code: '-40',
      retryable: true,
    });
    expect(meaningOf({ ACTION: '3', RC: '-31' }, '145659', 15 * MINUTE + 1000).kind).toBe('pending');
    expect(meaningOf({ ACTION: '3', RC: '-31' }, '145659', 16 * MINUTE + 1000).kind).toBe('declined');
  });

  it('settles nothing on a duplicate (ACTION 1) or an answer without RC: only TRTYPE 90 can', () => {
    expect(meaningOf({ ACTION: '1', RC: '-21' }, '145659', 0)).toEqual({ kind: 'ask-status' });
    expect(meaningOf({ ACTION: '1', RC: '00' }, '145659', 0)).toEqual({ kind: 'ask-status' });
    expect(meaningOf({ ACTION: '0' }, '145659', 0)).toEqual({ kind: 'ask-status' });
  });
});
