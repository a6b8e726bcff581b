import { useMemo } from 'react';
import { map, type Observable } from 'rxjs';
import { reviewSchema, type Review } from '../../../schema/catalog/content.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';

/**
 * The approved reviews held on this device (the server replicates only review_status 1; one withdrawn later
 * can stay on a device, so the status is checked again here). Read like the attributes in client/store/use-attributes.ts.
 */
export function useApprovedReviews(client: StoreClient | null): readonly Review[] | undefined {
  const source = useMemo<Observable<Review[]> | null>(
    () =>
      client
        ? client.db.catalog.find({ selector: { kind: 'review' } }).$.pipe(
            map((docs) =>
              docs.flatMap((doc) => {
                const parsed = reviewSchema.safeParse(doc.toJSON().doc);
                return parsed.success && parsed.data.review_status === 1 ? [parsed.data] : [];
              }),
            ),
          )
        : null,
    [client],
  );
  return useObservable(source);
}
