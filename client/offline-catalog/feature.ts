import type { CatalogEntry } from '../../schema/catalog/catalog-entry.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';
import { createCatalogSearch, type SearchAnswer } from './catalog-search.ts';
import { createLocalCatalog, type LocalCatalog } from './local-catalog.ts';

/**
 * The public catalogue on the local store: one `catalog` collection of entries (categories, attributes, content,
 * approved reviews, tax rules and products), not nine, to stay inside the collection budget. No commands. Its
 * views: the catalogue held on the device, searchable offline, and the spec's search, which asks the server while
 * online and answers from the device otherwise.
 */
export const catalogFeature = defineClientFeature({
  name: 'catalog',
  commands: [],
  collections: {
    catalog: { schema: () => rxSchema<CatalogEntry>(rxdbSchemas().catalog), scope: 'public' },
  },
  refusalCodes: [],
  views(context): {
    /** The catalogue held on this device (replicated once online), searchable offline. */
    catalog: LocalCatalog;
    /** The spec's catalogue search: the server while online, the same query over local data offline. */
    searchCatalog(query: SearchQueryInput): Promise<SearchAnswer>;
  } {
    const catalog = createLocalCatalog(context.collection<CatalogEntry>('catalog'));
    context.onStop(() => catalog.stop());
    const { baseUrl, fetch, isOnline, who } = context.server;
    const searchCatalog = createCatalogSearch({
      baseUrl,
      local: catalog,
      isOnline,
      ...(fetch ? { fetch } : {}),
      searcher: who,
    });
    return { catalog, searchCatalog };
  },
});
