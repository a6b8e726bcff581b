import { createSearchEngine } from '../../../sync-server/catalog/search-engine-factory.ts';
import { rebuildSearchIndexNow } from '../../../sync-server/catalog/search-rebuild.ts';
import { loadConfig } from '../../../sync-server/config.ts';
import { isElasticsearchEngine } from '../../../sync-server/search/elasticsearch-engine.ts';
import type { OpsCommand } from '../command.ts';

/**
 * `search-rebuild`: builds the Elasticsearch catalogue afresh from the store into a new index and swaps the alias
 * onto it (sync-server/catalog/search-rebuild.ts), while the instances keep serving searches from the old one and
 * keep writing changes through the alias. For after an import that removed products or a mapping change; the
 * instances never re-index at start. With the embedded engine each instance indexes in memory at start: nothing
 * to rebuild.
 */
export const searchRebuild: OpsCommand = {
  usage: 'search-rebuild   build the Elasticsearch catalogue into a fresh index and swap it in',
  async run(args, context) {
    if (args.length > 0) {
      context.err(`search-rebuild: takes no arguments ("${args.join(' ')}")`);
      context.err(`usage: npm run ops -- ${this.usage}`);
      return 2;
    }
    const config = loadConfig(context.env);
    const engine = createSearchEngine(config);
    if (!isElasticsearchEngine(engine)) {
      context.err(
        'search-rebuild: SEARCH_ENGINE is embedded: each instance indexes the catalogue in memory when it starts, nothing to rebuild',
      );
      return 1;
    }
    const outcome = await rebuildSearchIndexNow(await context.database(), engine);
    if ('busy' in outcome) {
      context.err(`search-rebuild: ${outcome.busy} is building the index now; run it again when it has finished`);
      return 1;
    }
    context.out(
      `${engine.indices.alias} -> ${outcome.index}: ${outcome.products} products, catalogue version ${outcome.seq}` +
        (outcome.previous.length > 0 ? `; deleted ${outcome.previous.join(', ')}` : ''),
    );
    return 0;
  },
};
