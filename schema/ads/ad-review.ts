import { z } from 'zod';
import { plainText } from '../validation/plain-text.ts';
import { AD_PERIOD_MS, type AdStatus, type OwnAd } from './ad.ts';

/**
 * An operator's review of an ad (the console comes later; the API is /api/operator/ads): take it (`process`),
 * approve it (published, `send`, for AD_PERIOD_MS), or refuse it with a reason the owner reads. Pure: the route
 * locks, reads the owner's document, decides here and writes what this returns.
 */
export const AD_REVIEW_ACTIONS = ['take', 'approve', 'refuse'] as const;
export type AdReviewAction = (typeof AD_REVIEW_ACTIONS)[number];

/** The reason a refusal carries: plain text the owner sees on every device and in the e-mail. */
export const adRefusalReasonSchema = z.object({ reason: plainText(3, 500) }).strict();

/** From which statuses each action may start. A published ad may still be refused (taken down). */
const ALLOWED_FROM: Readonly<Record<AdReviewAction, readonly AdStatus[]>> = {
  take: ['pending'],
  approve: ['pending', 'process'],
  refuse: ['pending', 'process', 'send'],
};

export type AdReviewDecision = { kind: 'moved'; ad: OwnAd } | { kind: 'refused'; message: string };

export const decideAdReview = (ad: OwnAd, action: AdReviewAction, now: number, reason?: string): AdReviewDecision => {
  if (!ALLOWED_FROM[action].includes(ad.status))
    return {
      kind: 'refused',
      message: `An ad in status "${ad.status}" cannot be ${action === 'take' ? 'taken' : `${action}d`}`,
    };
  const { refusal: _old, expiresAt: _expiry, ...rest } = ad;
  switch (action) {
    case 'take':
      return { kind: 'moved', ad: { ...ad, status: 'process', updatedAt: now } };
    case 'approve':
      return { kind: 'moved', ad: { ...rest, status: 'send', expiresAt: now + AD_PERIOD_MS, updatedAt: now } };
    case 'refuse':
      return { kind: 'moved', ad: { ...rest, status: 'refused', refusal: reason ?? '', updatedAt: now } };
  }
};
