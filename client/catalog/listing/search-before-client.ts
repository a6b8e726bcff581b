import type { SearchQueryInput } from '../../../schema/search/query.ts';
import type { SearchResult } from '../../../schema/search/search-engine.ts';
import { bootSearchKey } from '../../../schema/catalog/listing-query.ts';
import { takeBootAnswer } from '../../lib/boot-answers.ts';
import { searchOnServer } from '../../offline-catalog/index.ts';
import { getStoreClient } from '../../store/index.ts';

/**
 * A search run before the local database has started, online: the answer the page came with (a cold visit's
 * first grid or search, run by the server as it sent the page: sync-server/http/boot-search.ts), else the server,
 * else (unreachable) the database once it has. As a guest: the query names no customer group, and a signed-in
 * shopper's page asks again with theirs once the device knows them.
 */
export const searchBeforeClient = async (query: SearchQueryInput): Promise<SearchResult> =>
  takeEmbeddedSearch(query) ?? (await searchOnServer(query)) ?? (await getStoreClient()).searchCatalog(query);

/** The page's embedded answer to exactly this search, once. */
export const takeEmbeddedSearch = (query: SearchQueryInput): SearchResult | undefined => {
  const body = takeBootAnswer(bootSearchKey(query)) as { result?: SearchResult } | undefined;
  return Array.isArray(body?.result?.items) ? body.result : undefined;
};
