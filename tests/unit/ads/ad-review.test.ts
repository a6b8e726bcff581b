import { describe, expect, it } from 'vitest';
import { AD_PERIOD_MS } from '../../../schema/ads/ad.ts';
import { adRefusalReasonSchema, decideAdReview } from '../../../schema/ads/ad-review.ts';
import { ownAd } from './ad-fixtures.ts';

const NOW = 1_800_000_000_000;

describe("an operator's review", () => {
  it('given a pending ad, when taken, then it is in process', () => {
    expect(decideAdReview(ownAd(), 'take', NOW)).toEqual({
      kind: 'moved',
      ad: { ...ownAd(), status: 'process', updatedAt: NOW },
    });
  });

  it('given an ad in review, when approved, then it is published for one period from now', () => {
    const decision = decideAdReview(ownAd({ status: 'process' }), 'approve', NOW);
    expect(decision).toMatchObject({ kind: 'moved', ad: { status: 'send', expiresAt: NOW + AD_PERIOD_MS } });
  });

  it('given a pending ad, when refused, then it carries the reason and no expiry', () => {
    const decision = decideAdReview(ownAd({ expiresAt: 5 }), 'refuse', NOW, 'Снимките не са на продукта');
    expect(decision).toEqual({
      kind: 'moved',
      ad: { ...ownAd(), status: 'refused', refusal: 'Снимките не са на продукта', updatedAt: NOW },
    });
  });

  it('given a published ad, when refused, then it is taken down', () => {
    expect(decideAdReview(ownAd({ status: 'send', expiresAt: NOW + 9 }), 'refuse', NOW, 'Измама')).toMatchObject({
      kind: 'moved',
      ad: { status: 'refused' },
    });
  });

  it.each([
    ['wait', 'approve'],
    ['refused', 'approve'],
    ['send', 'take'],
    ['finished', 'refuse'],
  ] as const)('given a %s ad, when %sd, then refused with the status named', (status, action) => {
    expect(decideAdReview(ownAd({ status }), action, NOW, 'Причина')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining(`"${status}"`),
    });
  });

  it('refuses a reason with markup or too short, naming the field', () => {
    const html = adRefusalReasonSchema.safeParse({ reason: '<b>не</b>' });
    expect(html.error?.issues[0]?.path).toEqual(['reason']);
    expect(adRefusalReasonSchema.safeParse({ reason: 'no' }).success).toBe(false);
  });
});
