import { map, type Observable } from 'rxjs';
import type { z } from 'zod';
import type { CatalogEntryKind } from '../../../schema/catalog/catalog-entry.ts';
import type { StoreClient } from '../../store/index.ts';

/**
 * The docs of one kind of catalogue entry held on this device (the `catalog` collection replicates banners and
 * approved reviews too), each validated with its schema; an entry this client cannot read is left out.
 */
export const localEntries$ = <T>(client: StoreClient, kind: CatalogEntryKind, schema: z.ZodType<T>): Observable<T[]> =>
  client.db.catalog.find({ selector: { kind } }).$.pipe(
    map((docs) =>
      docs.flatMap((doc) => {
        const parsed = schema.safeParse(doc.toJSON().doc);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
