import { describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../schema/ads/ad.ts';
import { memoryAnswerStore } from '../../../client/ads/answer-store.ts';
import { createFetchDedup } from '../../../client/ads/fetch-dedup.ts';
import { createPublicAds } from '../../../client/ads/public-ads.ts';

const AD: PublicAd = {
  id: '0192a8b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  title: 'iPad Air 5',
  description: 'Отличен.',
  category: 'tableti',
  condition: 'good',
  price: { kind: 'negotiable' },
  city: 'Варна',
  photos: [],
  contact: { name: 'Мария', phone: '0888123456' },
  publishedAt: 1,
  expiresAt: 2,
};

/** A server that answers as told, counting calls; `null` is a dropped link. */
const server = () => {
  const calls: string[] = [];
  let answer: { status: number; body: unknown } | null = null;
  return {
    calls,
    answer: (next: typeof answer) => (answer = next),
    post: (path: string) => {
      calls.push(path);
      return Promise.resolve(answer);
    },
  };
};

describe('the public ad calls', () => {
  it('a second ask for the same list within 20 s is the first fetch; after 20 s it goes again', async () => {
    let clock = 0;
    const fake = server();
    fake.answer({ status: 200, body: { code: 200, result: { items: [AD], total: 1, start: 0, perPage: 50 } } });
    const ads = createPublicAds({
      post: fake.post,
      lists: memoryAnswerStore(5),
      singles: memoryAnswerStore(5),
      now: () => clock,
    });
    await ads.list({ q: 'ipad' });
    clock = 19_999;
    await ads.list({ q: 'ipad' });
    expect(fake.calls).toHaveLength(1);
    await ads.list({ q: 'iphone' });
    expect(fake.calls).toHaveLength(2);
    clock = 20_000;
    await ads.list({ q: 'ipad' });
    expect(fake.calls).toHaveLength(3);
  });

  it('offline, a list and an ad seen before come from the device; an ad never seen is the empty result', async () => {
    const fake = server();
    fake.answer({ status: 200, body: { code: 200, result: { items: [AD], total: 1, start: 0, perPage: 50 } } });
    let clock = 0;
    const ads = createPublicAds({
      post: fake.post,
      lists: memoryAnswerStore(5),
      singles: memoryAnswerStore(5),
      now: () => clock,
    });
    expect((await ads.list({})).kind).toBe('ok');
    fake.answer(null);
    clock = 60_000;
    expect(await ads.list({})).toMatchObject({ kind: 'ok', source: 'device', result: { total: 1 } });
    expect(await ads.single(AD.id)).toMatchObject({ kind: 'ok', source: 'device', ad: { title: 'iPad Air 5' } });
    expect(await ads.single('0192a8b4-1c2d-7e3f-8a9b-0c1d2e3f4a5c')).toEqual({ kind: 'empty' });
    expect(await ads.list({ q: 'never asked' })).toEqual({ kind: 'unavailable' });
  });

  it('an ad the server no longer has is forgotten on the device', async () => {
    const fake = server();
    let clock = 0;
    const ads = createPublicAds({
      post: fake.post,
      lists: memoryAnswerStore(5),
      singles: memoryAnswerStore(5),
      now: () => clock,
    });
    fake.answer({ status: 200, body: { code: 200, result: AD } });
    expect((await ads.single(AD.id)).kind).toBe('ok');
    fake.answer({ status: 404, body: { code: 404, result: 'Ad query returned empty result' } });
    clock = 30_000;
    expect(await ads.single(AD.id)).toEqual({ kind: 'empty' });
    fake.answer(null);
    clock = 60_000;
    expect(await ads.single(AD.id)).toEqual({ kind: 'empty' });
  });

  it('a failed fetch does not hold the window: the next ask goes to the network', async () => {
    const dedup = createFetchDedup<string>({ now: () => 0, keep: (answer) => answer === 'server' });
    let calls = 0;
    await dedup('k', () => Promise.resolve((calls++, 'offline')));
    await dedup('k', () => Promise.resolve((calls++, 'server')));
    await dedup('k', () => Promise.resolve((calls++, 'server')));
    expect(calls).toBe(2);
  });

  it('the device keeps a bounded number of answers, the oldest going first', async () => {
    const store = memoryAnswerStore(2);
    await store.put('a', 1);
    await store.put('b', 2);
    await store.put('a', 3);
    await store.put('c', 4);
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual([3, undefined, 4]);
  });
});
