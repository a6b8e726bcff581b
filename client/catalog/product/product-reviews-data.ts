import { startTransition, useEffect, useMemo, useState } from 'react';
import { map } from 'rxjs';
import { z } from 'zod';
import { reviewSchema, type Review } from '../../../schema/catalog/content.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { localEntries$ } from './catalog-entries.ts';
import { byCodePoints } from '../../lib/compare-text.ts';

/** Spec (commerce section 7): review_status 1 is approved. */
const APPROVED = 1;
const PAGE_SIZE = 50;

const reviewListSchema = z.object({ items: z.array(reviewSchema).max(500) });

const newestFirst = (a: Review, b: Review) => byCodePoints(b.created_at, a.created_at) || b.id - a.id;

/** GET /api/review/list?product_id=: the product's approved reviews, newest first; null when unreachable. */
export async function fetchApprovedReviews(productId: number, signal?: AbortSignal): Promise<Review[] | null> {
  const parsed = reviewListSchema.safeParse(
    await getApiResult(`/api/review/list?product_id=${productId}&size=${PAGE_SIZE}`, signal),
  );
  return parsed.success ? parsed.data.items.filter((r) => r.review_status === APPROVED) : null;
}

/**
 * The product's approved reviews: the server's while online; offline, or when it does not answer, the ones this
 * device holds (only approved reviews replicate). Undefined while neither has answered.
 */
export function useApprovedReviews(client: StoreClient | null, productId: number, online: boolean) {
  const [fromServer, setFromServer] = useState<Review[] | null | undefined>(undefined);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    void fetchApprovedReviews(productId, controller.signal).then((reviews) => {
      if (!controller.signal.aborted) startTransition(() => setFromServer(reviews));
    });
    return () => controller.abort();
  }, [productId, online]);
  const useDevice = !online || fromServer === null;
  const local$ = useMemo(
    () =>
      client && useDevice
        ? localEntries$(client, 'review', reviewSchema).pipe(
            map((reviews) =>
              reviews.filter((r) => r.product_id === productId && r.review_status === APPROVED).sort(newestFirst),
            ),
          )
        : undefined,
    [client, useDevice, productId],
  );
  const local = useObservable(local$);
  return online && fromServer ? fromServer : useDevice ? local : undefined;
}
