import { createEmbeddedSearchEngine } from '../../schema/search/embedded-engine.ts';
import type { SearchEngine } from '../../schema/search/search-engine.ts';
import type { ServerConfig } from '../config.ts';
import { createElasticsearchClient, createElasticsearchSearchEngine } from '../search/elasticsearch-engine.ts';

/** The configured catalogue search engine: embedded (in-process, the default) or Elasticsearch (ES_URL). */
export const createSearchEngine = (config: Partial<Pick<ServerConfig, 'SEARCH_ENGINE' | 'ES_URL'>>): SearchEngine => {
  if (config.SEARCH_ENGINE !== 'elasticsearch') return createEmbeddedSearchEngine();
  // loadConfig refuses 'elasticsearch' without ES_URL; a programmatic start must give it too.
  if (!config.ES_URL) throw new Error("ES_URL is required when SEARCH_ENGINE is 'elasticsearch'");
  return createElasticsearchSearchEngine({ client: createElasticsearchClient(config.ES_URL) });
};
