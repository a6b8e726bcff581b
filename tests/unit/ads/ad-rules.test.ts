import { describe, expect, it } from 'vitest';
import { AD_MAX_PER_OWNER, AD_PERIOD_MS } from '../../../schema/ads/ad.ts';
import {
  applyAdCommand,
  decideAd,
  expireAds,
  foldPendingIntoMyAds,
  mergeGuestAds,
  promoteWaitingAds,
} from '../../../schema/ads/ad-rules.ts';
import { commandDoc } from '../support/commands.ts';
import { AD_1, AD_2, adInput, myAdsOf, ownAd, PHOTO_1, PHOTO_2, remove, renew, save, WORLD } from './ad-fixtures.ts';

const NOW = 1_800_000_000_000;

/** Issue 18: the ads' rules, given the owner's ads and the world, when a command is decided, then its outcome. */
describe('ad.save', () => {
  it('given no ads, when an ad without photos is saved, then it is created pending review', () => {
    const { doc, decision } = applyAdCommand(myAdsOf([]), save(adInput()), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'accepted', result: { adId: AD_1, status: 'pending' } });
    expect(doc.ads).toEqual([{ ...adInput(), status: 'pending', createdAt: NOW, updatedAt: NOW }]);
    expect(doc.applied).toEqual([{ clientId: 'client-aaaa', seq: 1 }]);
  });

  it('given a photo not yet arrived, when the ad is saved, then it waits (a draft, never listed)', () => {
    const world = { ...WORLD, readyPhotos: new Set([PHOTO_1]) };
    const decision = decideAd(save(adInput({ photos: [PHOTO_1, PHOTO_2] })), myAdsOf([]), world, NOW);
    expect(decision).toMatchObject({ kind: 'accepted', result: { status: 'wait' } });
  });

  it('given every photo arrived, when the ad is saved, then it is pending', () => {
    const world = { ...WORLD, readyPhotos: new Set([PHOTO_1, PHOTO_2]) };
    const decision = decideAd(save(adInput({ photos: [PHOTO_1, PHOTO_2] })), myAdsOf([]), world, NOW);
    expect(decision).toMatchObject({ kind: 'accepted', result: { status: 'pending' } });
  });

  it.each(['send', 'refused', 'finished', 'process'] as const)(
    'given a %s ad, when it is edited, then it goes back to review without its refusal or expiry, keeping its creation time',
    (status) => {
      const before = ownAd({ status, refusal: 'Снимката е размазана', expiresAt: NOW + 5 });
      const { doc } = applyAdCommand(
        myAdsOf([before]),
        save(adInput({ title: 'iPhone 15 Pro, 256 GB, син' })),
        WORLD,
        NOW,
      );
      expect(doc.ads).toEqual([
        { ...adInput({ title: 'iPhone 15 Pro, 256 GB, син' }), status: 'pending', createdAt: 1_000, updatedAt: NOW },
      ]);
    },
  );

  it('given a published ad, when the same content is saved again (a resubmit), then nothing changes', () => {
    const published = ownAd({ status: 'send', expiresAt: NOW + 10 });
    const { doc, decision } = applyAdCommand(myAdsOf([published]), save(adInput()), WORLD, NOW);
    expect(decision).toEqual({ kind: 'accepted', events: [], result: { adId: AD_1, status: 'send' } });
    expect(doc.ads).toEqual([published]);
  });

  it('given an id held by another owner, when it is saved, then it is refused as not found and nothing is revealed', () => {
    const world = { ...WORLD, takenIds: new Set([AD_1]) };
    const { doc, decision } = applyAdCommand(myAdsOf([]), save(adInput()), world, NOW);
    expect(decision).toEqual({
      kind: 'rejected',
      code: 'ad_not_found',
      message: 'There is no such ad among yours.',
      field: 'payload.ad.id',
    });
    expect(doc.ads).toEqual([]);
  });

  it('given a category not in the catalogue, when saved, then refused naming the category', () => {
    const decision = decideAd(save(adInput({ category: 'televizori' })), myAdsOf([]), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'rejected', code: 'ad_unknown_category', field: 'payload.ad.category' });
  });

  it("given a model not among the category's, when saved, then refused naming the model", () => {
    const decision = decideAd(save(adInput({ model: 'iPad Air' })), myAdsOf([]), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'rejected', code: 'ad_unknown_model', field: 'payload.ad.model' });
  });

  it('given a category, when saved without a model, then it is accepted', () => {
    const { model: _none, ...noModel } = adInput({ category: 'aksesoari' });
    expect(decideAd(save(noModel), myAdsOf([]), WORLD, NOW).kind).toBe('accepted');
  });

  it('given the most ads an owner may keep, when a new one is saved, then refused; an edit still passes', () => {
    const full = myAdsOf(
      Array.from({ length: AD_MAX_PER_OWNER }, (_, i) =>
        ownAd({ id: `0190a6b2-3c4d-4e8f-9a0b-${String(i).padStart(12, '0')}`, createdAt: i }),
      ),
    );
    expect(decideAd(save(adInput({ id: AD_2 })), full, WORLD, NOW)).toMatchObject({
      kind: 'rejected',
      code: 'ad_limit_reached',
    });
    const edit = adInput({ id: full.ads[0]!.id, title: 'Друго заглавие на обявата' });
    expect(decideAd(save(edit), full, WORLD, NOW).kind).toBe('accepted');
  });

  it("keeps the owner's list newest first", () => {
    const older = ownAd({ id: AD_2, createdAt: 5 });
    const { doc } = applyAdCommand(myAdsOf([older]), save(adInput()), WORLD, NOW);
    expect(doc.ads.map((a) => a.id)).toEqual([AD_1, AD_2]);
  });
});

describe('ad.renew', () => {
  it('given a published ad, when renewed, then its period is extended from its expiry', () => {
    const ad = ownAd({ status: 'send', expiresAt: NOW + 1000 });
    const { doc, decision } = applyAdCommand(myAdsOf([ad]), renew(AD_1), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'accepted', result: { adId: AD_1, expiresAt: NOW + 1000 + AD_PERIOD_MS } });
    expect(doc.ads[0]).toMatchObject({ status: 'send', expiresAt: NOW + 1000 + AD_PERIOD_MS });
  });

  it('given a finished ad, when renewed, then it is published again for a period from now', () => {
    const ad = ownAd({ status: 'finished', expiresAt: NOW - 50 });
    const { doc } = applyAdCommand(myAdsOf([ad]), renew(AD_1), WORLD, NOW);
    expect(doc.ads[0]).toMatchObject({ status: 'send', expiresAt: NOW + AD_PERIOD_MS });
  });

  it.each(['wait', 'pending', 'process', 'refused'] as const)('given a %s ad, when renewed, then refused', (status) => {
    const { doc, decision } = applyAdCommand(myAdsOf([ownAd({ status })]), renew(AD_1), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'rejected', code: 'ad_not_renewable', field: 'payload.adId' });
    expect(doc.ads[0]?.status).toBe(status);
  });

  it("given another owner's ad id, when renewed, then refused as not found", () => {
    expect(decideAd(renew(AD_2), myAdsOf([ownAd()]), WORLD, NOW)).toMatchObject({ code: 'ad_not_found' });
  });
});

describe('ad.delete', () => {
  it('given an ad, when deleted, then it is gone', () => {
    const { doc, decision } = applyAdCommand(myAdsOf([ownAd(), ownAd({ id: AD_2 })]), remove(AD_1), WORLD, NOW);
    expect(decision).toMatchObject({ kind: 'accepted', result: { adId: AD_1 } });
    expect(doc.ads.map((a) => a.id)).toEqual([AD_2]);
  });

  it('given the owner deleted it already, when deleted again, then done with nothing to change', () => {
    const world = { ...WORLD, deletedIds: new Set([AD_1]) };
    expect(decideAd(remove(AD_1), myAdsOf([]), world, NOW)).toEqual({
      kind: 'accepted',
      events: [],
      result: { adId: AD_1 },
    });
  });

  it("given another owner's ad id, when deleted, then refused as not found", () => {
    expect(decideAd(remove(AD_1), myAdsOf([]), { ...WORLD, takenIds: new Set([AD_1]) }, NOW)).toMatchObject({
      kind: 'rejected',
      code: 'ad_not_found',
    });
  });
});

describe('expiry and photos', () => {
  it('given a published ad past its expiry, then it is finished; one within its period stays', () => {
    const doc = myAdsOf([
      ownAd({ status: 'send', expiresAt: NOW }),
      ownAd({ id: AD_2, status: 'send', expiresAt: NOW + 1 }),
    ]);
    const { doc: after, expired } = expireAds(doc, NOW);
    expect(expired).toEqual([AD_1]);
    expect(after.ads.map((a) => a.status)).toEqual(['finished', 'send']);
  });

  it('given a waiting ad, when its last photo arrives, then it goes to review; one still missing a photo waits', () => {
    const doc = myAdsOf([
      ownAd({ status: 'wait', photos: [PHOTO_1] }),
      ownAd({ id: AD_2, status: 'wait', photos: [PHOTO_1, PHOTO_2] }),
    ]);
    const { doc: after, moved } = promoteWaitingAds(doc, new Set([PHOTO_1]), NOW);
    expect(moved.map((a) => a.id)).toEqual([AD_1]);
    expect(after.ads.map((a) => a.status)).toEqual(['pending', 'wait']);
  });
});

describe('the optimistic view', () => {
  it('shows a pending save at once, as waiting when the device cannot know its photos arrived', () => {
    const pending = [commandDoc('ad.save', { ad: adInput({ photos: [PHOTO_1] }) }, { seq: 3, createdAt: 42 })];
    const doc = foldPendingIntoMyAds(myAdsOf([]), pending);
    expect(doc.ads).toMatchObject([{ id: AD_1, status: 'wait', createdAt: 42 }]);
  });

  it('skips a pending command the server has applied already', () => {
    const pending = [commandDoc('ad.delete', { adId: AD_1 }, { seq: 3 })];
    const server = { ...myAdsOf([ownAd()]), applied: [{ clientId: 'client-aaaa', seq: 3 }] };
    expect(foldPendingIntoMyAds(server, pending).ads).toHaveLength(1);
  });
});

describe('a login after ads written as a guest', () => {
  it("joins the guest's ads to the user's, newest first, up to the cap; the rest stay the guest's", () => {
    const user = myAdsOf(
      Array.from({ length: AD_MAX_PER_OWNER - 1 }, (_, i) =>
        ownAd({ id: `0190a6b2-3c4d-4e8f-9a0b-${String(i).padStart(12, '0')}`, createdAt: i }),
      ),
    );
    const guest = myAdsOf([ownAd({ id: AD_1, createdAt: 10_000 }), ownAd({ id: AD_2, createdAt: 5_000 })]);
    const merged = mergeGuestAds(user, guest, NOW);
    expect(merged.moved).toEqual([AD_1]);
    expect(merged.user.ads[0]?.id).toBe(AD_1);
    expect(merged.user.ads).toHaveLength(AD_MAX_PER_OWNER);
    expect(merged.guest.ads.map((a) => a.id)).toEqual([AD_2]);
  });
});
