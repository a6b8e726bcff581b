import { describe, expect, it } from 'vitest';
import type { CommandDocument } from '../../../schema/commands/envelope.ts';
import { lastingNoticeOf } from '../../../client/notices/lasting-notice-of.ts';

/** What a settled command leaves on every device of its owner (client/notices), given / when / then. */
const settled = (over: Partial<CommandDocument>): CommandDocument => ({
  id: '01a2503f-d06e-7288-9e36-610a110f9489',
  type: 'wishlist.add',
  payload: { sku: 'IP17-256-BLK' },
  owner: 'user-1',
  clientId: 'client-phone',
  seq: 1,
  createdAt: Date.UTC(2026, 11, 7, 9, 0, 0),
  status: 'succeeded',
  serverSeq: 12,
  ...over,
});

describe('the lasting notice of a settled command', () => {
  it('given a command the store could not process (a dead letter), then the shopper is told, as of a refusal', () => {
    const failed = settled({
      status: 'failed',
      resultCode: 'internal_error',
      error: { code: 'internal_error', message: 'The command could not be processed.' },
    });

    expect(lastingNoticeOf(failed)).toEqual({ key: 'notify.failed' });
  });

  it('given that command retried by the staff and succeeded, then its notice is gone', () => {
    expect(lastingNoticeOf(settled({ status: 'succeeded', resultCode: 'ok', serverSeq: 20 }))).toBeUndefined();
  });

  it('given a refusal, then it is told in its toast’s words', () => {
    const refused = settled({
      status: 'rejected',
      resultCode: 'wishlist_full',
      error: { code: 'wishlist_full', message: 'The wishlist is full.' },
    });

    expect(lastingNoticeOf(refused)).toEqual({ key: 'refusal.wishlist_full' });
  });

  it('given a failed command of a feature that tells its own outcomes (an ad), then it leaves no notice', () => {
    expect(lastingNoticeOf(settled({ type: 'ad.save', status: 'failed' }))).toBeUndefined();
  });
});
