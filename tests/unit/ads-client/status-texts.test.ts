import { describe, expect, it } from 'vitest';
import { AD_CONDITIONS, AD_STATUSES } from '../../../schema/ads/ad.ts';
import { AD_REFUSAL_CODES } from '../../../schema/ads/ad-commands.ts';
import { adNotices } from '../../../client/ads/notices.ts';
import { adStatusKey, renewable, type ShownAd } from '../../../client/ads/ad-view.ts';
import { adsTextsBg } from '../../../client/i18n/ads-texts-bg.ts';
import { adsTextsEn } from '../../../client/i18n/ads-texts-en.ts';

const lookup = (texts: object, key: string): unknown =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts);

describe('ad statuses and notices in words', () => {
  it('every status, and "waiting to be sent", reads in Bulgarian and English, each its own words', () => {
    for (const status of [...AD_STATUSES, 'sending' as const]) {
      const bg = lookup(adsTextsBg, adStatusKey(status));
      const en = lookup(adsTextsEn, adStatusKey(status));
      expect(typeof bg, status).toBe('string');
      expect(typeof en, status).toBe('string');
    }
    const words = new Set([...AD_STATUSES, 'sending' as const].map((s) => lookup(adsTextsBg, adStatusKey(s))));
    expect(words.size).toBe(AD_STATUSES.length + 1);
    for (const condition of AD_CONDITIONS) expect(adsTextsBg.conditions[condition]).toBeTruthy();
  });

  it("the spec's sentences are the English texts word for word", () => {
    expect(adsTextsEn.notice.processing).toBe('Processing ad...');
    expect(adsTextsEn.notice.renewed).toBe('Your ad has been renewed successfully.');
    expect(adsTextsEn.notice.deleted).toBe('The ad has been deleted.');
    expect(adsTextsEn.notice.renewFailed).toBe('The ad can not be renewed because of server error.');
    expect(adsTextsEn.notice.deleteFailed).toBe('The ad can not be deleted because of server error.');
    expect(adsTextsEn.notice.transferFailed).toBe(
      'The ad can not be transfered because of server error. Ad has been queued',
    );
  });

  it('the notifications know every refusal code of the ads', () => {
    expect([...adNotices.refusalCodes].sort()).toEqual([...AD_REFUSAL_CODES].sort());
  });

  it('renew is offered for a published or finished ad with nothing pending on it', () => {
    const ad = { status: 'send', pending: undefined } as ShownAd;
    expect(renewable(ad)).toBe(true);
    expect(renewable({ ...ad, status: 'finished' })).toBe(true);
    expect(renewable({ ...ad, status: 'pending' })).toBe(false);
    expect(renewable({ ...ad, pending: 'renew' })).toBe(false);
  });
});
