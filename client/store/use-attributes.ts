import { useMemo } from 'react';
import { map, type Observable } from 'rxjs';
import { attributeSchema, type Attribute } from '../../schema/catalog/attribute.ts';
import type { StoreClient } from '../sync/store-client-types.ts';
import { useObservable } from '../ui/use-observable.ts';

/**
 * The filter attributes held on this device. The LocalCatalog indexes only products and categories, but the
 * replicated `catalog` collection also holds the attribute entries: they are read from it here (validated; an
 * entry this client cannot read is left out). Undefined until the first read has answered.
 */
export function useAttributes(client: StoreClient | null): readonly Attribute[] | undefined {
  const source = useMemo<Observable<Attribute[]> | null>(
    () =>
      client
        ? client.db.catalog.find({ selector: { kind: 'attribute' } }).$.pipe(
            map((docs) =>
              docs.flatMap((doc) => {
                const parsed = attributeSchema.safeParse(doc.toJSON().doc);
                return parsed.success ? [parsed.data] : [];
              }),
            ),
          )
        : null,
    [client],
  );
  return useObservable(source);
}
