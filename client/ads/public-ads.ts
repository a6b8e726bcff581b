import type { PublicAd } from '../../schema/ads/ad.ts';
import { adListResultSchema, type AdListQuery, type AdListResult } from '../../schema/ads/ad-list.ts';
import { publicAdSchema } from '../../schema/ads/ad.ts';
import { canonicalJson } from './ad-hash.ts';
import { deviceAnswerStore, type AnswerStore } from './answer-store.ts';
import { createFetchDedup } from './fetch-dedup.ts';

/** Long enough for a slow 3G answer, short enough to fall back to the device's copy in time. */
const TIMEOUT_MS = 8000;

export type AdListAnswer =
  | { kind: 'ok'; result: AdListResult; source: 'server' | 'device' }
  /** Neither the server nor the device has it. */
  | { kind: 'unavailable' };
export type AdAnswer =
  | { kind: 'ok'; ad: PublicAd; source: 'server' | 'device' }
  /** The spec's 'Ad query returned empty result': the server has no such published ad, or offline the device has none. */
  | { kind: 'empty' };

type Post = (path: string, body: unknown) => Promise<{ status: number; body: unknown } | null>;

/** POST within the time limit; null when the link dropped or timed out (the caller falls back to the device). */
const post: Post = async (path, body) => {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, body: json };
  } catch {
    return null;
  }
};

/** The spec's answers are `{ code, result }`; a bare result is taken as well. */
const resultOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'result' in body ? (body as { result: unknown }).result : body;

export interface PublicAdsDeps {
  post: Post;
  lists: AnswerStore;
  singles: AnswerStore;
  now?: () => number;
}

/**
 * The public ad calls (`POST /api/sell/catalog`, `POST /api/sell/single`) as the pages use them: the server's
 * answer while it gives one, kept on the device; the device's last answer when offline or the server fails; each
 * request de-duplicated for 20 s (spec §4). Every answer is validated with the contract's schema before use.
 */
export const createPublicAds = ({ post: postFn, lists, singles, now = Date.now }: PublicAdsDeps) => {
  const dedupList = createFetchDedup<AdListAnswer>({
    now,
    keep: (answer) => answer.kind === 'ok' && answer.source === 'server',
  });
  const dedupAd = createFetchDedup<AdAnswer>({
    now,
    keep: (answer) => answer.kind === 'ok' && answer.source === 'server',
  });

  const fromDevice = async (key: string): Promise<AdListAnswer> => {
    const kept = adListResultSchema.safeParse(await lists.get(key));
    return kept.success ? { kind: 'ok', result: kept.data, source: 'device' } : { kind: 'unavailable' };
  };
  const adFromDevice = async (id: string): Promise<AdAnswer> => {
    const kept = publicAdSchema.safeParse(await singles.get(id));
    return kept.success ? { kind: 'ok', ad: kept.data, source: 'device' } : { kind: 'empty' };
  };

  const list = (query: Partial<AdListQuery>): Promise<AdListAnswer> => {
    const key = canonicalJson(query);
    return dedupList(key, async () => {
      const answer = await postFn('/api/sell/catalog', query);
      if (!answer || answer.status >= 500) return fromDevice(key);
      const parsed = adListResultSchema.safeParse(resultOf(answer.body));
      if (answer.status !== 200 || !parsed.success) return fromDevice(key);
      await lists.put(key, parsed.data);
      // Each listed ad opens offline too.
      for (const ad of parsed.data.items) await singles.put(ad.id, ad);
      return { kind: 'ok', result: parsed.data, source: 'server' };
    });
  };

  const single = (id: string): Promise<AdAnswer> =>
    dedupAd(id, async () => {
      const answer = await postFn('/api/sell/single', { id });
      if (!answer || answer.status >= 500) return adFromDevice(id);
      if (answer.status === 404 || answer.status === 400) {
        // Gone (deleted, expired, refused): the device forgets its copy too.
        await singles.delete(id);
        return { kind: 'empty' };
      }
      const parsed = publicAdSchema.safeParse(resultOf(answer.body));
      if (answer.status !== 200 || !parsed.success) return adFromDevice(id);
      await singles.put(id, parsed.data);
      return { kind: 'ok', ad: parsed.data, source: 'server' };
    });

  return { list, single };
};

/** The tab's public ad calls, over Cache Storage. */
let tabAds: ReturnType<typeof createPublicAds> | undefined;
export const publicAds = (): ReturnType<typeof createPublicAds> =>
  (tabAds ??= createPublicAds({
    post,
    lists: deviceAnswerStore('ads-lists-v1', 40),
    singles: deviceAnswerStore('ads-single-v1', 300),
  }));
