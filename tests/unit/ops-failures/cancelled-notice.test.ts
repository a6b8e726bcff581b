import { describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../../schema/index.ts';
import { refusalMessage } from '../../../client/store/command-tracker.ts';
import { CANCELLED_CODE, CANCELLED_MESSAGE } from '../../../schema/ops/retry.ts';
import { bg } from '../../../client/i18n/bg.ts';
import { en } from '../../../client/i18n/en.ts';

describe('a command the store cancelled, as its device tells the shopper', () => {
  it('given an outcome refused as cancelled, when announced, then the shopper reads the translated notice', () => {
    const cancelled = {
      status: 'rejected',
      resultCode: CANCELLED_CODE,
      error: { code: CANCELLED_CODE, message: CANCELLED_MESSAGE },
    } as CommandDocument;
    expect(refusalMessage(cancelled)).toEqual({ key: 'notify.cancelled' });
    expect(bg.notify.cancelled).toBe('Магазинът отмени тази заявка.');
    expect(en.notify.cancelled).toBe('The store cancelled this request.');
  });
});
