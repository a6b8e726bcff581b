import { useMemo } from 'react';
import { map, type Observable } from 'rxjs';
import { cmsPageSchema, type CmsPage } from '../../../schema/catalog/content.ts';
import type { StoreClient } from '../../store/index.ts';
import { useObservable } from '../../ui/use-observable.ts';

/**
 * The active CMS pages held on this device, read from the replicated `catalog` collection (kind `cmsPage`,
 * validated; an entry this client cannot read is left out), in no particular order. Undefined until the first read
 * has answered. Unsorted: every page looks its address up here, and a sort by title would be the page's first
 * localeCompare, which loads the collation data (a 40-100 ms task on a slow phone); the sitemap sorts its list.
 */
export function useCmsPages(client: StoreClient | null): readonly CmsPage[] | undefined {
  const source = useMemo<Observable<CmsPage[]> | null>(
    () =>
      client
        ? client.db.catalog.find({ selector: { kind: 'cmsPage' } }).$.pipe(
            map((docs) =>
              docs.flatMap((doc) => {
                const parsed = cmsPageSchema.safeParse(doc.toJSON().doc);
                return parsed.success && parsed.data.active ? [parsed.data] : [];
              }),
            ),
          )
        : null,
    [client],
  );
  return useObservable(source);
}
