import type { Category } from '../../schema/catalog/category.ts';
import type { SearchEngine } from '../../schema/search/search-engine.ts';
import { isElasticsearchEngine } from '../search/elasticsearch-engine.ts';
import type { Database } from '../store/database.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from '../store/server-seq.ts';
import { productPagesAfter } from './catalog-product-pages.ts';
import { loadTaxRules } from './product-repository.ts';
import { advanceSearchIndexRecord } from './search-index-record.ts';
import { openSearchIndex, type SearchIndexOptions } from './search-rebuild.ts';
import { log } from '../observability/logger.ts';

/** How often an engine that stores prices (Elasticsearch) re-prices products whose special price window turned. */
const REPRICE_EVERY_MS = 60_000;

/** Elasticsearch indexes each product's price in force; the embedded engine prices at query time. */
const canReprice = (engine: SearchEngine): engine is SearchEngine & { repriceExpired(): Promise<number> } =>
  typeof (engine as { repriceExpired?: unknown }).repriceExpired === 'function';
/** Collections whose changes the index follows. */
const FOLLOWED = ['catalogProducts', 'categories', 'taxRules'];

/**
 * Keeps a search engine in step with the store the way a replicating client does: it reads products
 * changed after its checkpoint (server_seq), so an import by any process or instance reaches the index
 * (announced by NOTIFY on the changes channel). Products are indexed with VAT figures from the current
 * tax rules, as the API serves them.
 *
 * The embedded engine lives in this process's memory: it indexes the whole catalogue at start. Elasticsearch
 * outlives the process and is shared by every instance (issue 31): an instance starting keeps the index the
 * store records and follows the catalogue from its version, or builds it once for all (search-rebuild.ts); the
 * version moves forward as instances index changes through the alias.
 */
export class SearchIndexer {
  private checkpoint = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private unlisten: (() => Promise<void>) | undefined;
  private repricing: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    readonly engine: SearchEngine,
    /** Elasticsearch only: how the start keeps or builds the shared index (tests name the holder, the waits). */
    private readonly indexOptions: SearchIndexOptions = {},
  ) {}

  /** Indexes the whole catalogue (embedded) or opens the shared index (Elasticsearch), then follows changes. */
  async start(): Promise<void> {
    if (isElasticsearchEngine(this.engine)) {
      this.checkpoint = await openSearchIndex(this.db, this.engine, this.indexOptions);
    }
    await this.catchUp();
    const indexNow = (): void =>
      void this.catchUp().catch((error: unknown) => log.error({ component: 'search', err: error }, 'indexing failed'));
    this.unlisten = await this.db.listen(
      CHANGES_CHANNEL,
      (payload) => {
        let notice: ChangeNotice;
        try {
          notice = JSON.parse(payload) as ChangeNotice;
        } catch {
          return;
        }
        if (notice.collections.some((c) => FOLLOWED.includes(c))) {
          // A change of tax rules reprices every product: index everything again.
          if (notice.collections.includes('taxRules')) this.checkpoint = 0;
          indexNow();
        }
      },
      // Catalogue changes may have gone unheard while PostgreSQL was away: index what follows the checkpoint.
      indexNow,
    );
    const engine = this.engine;
    if (canReprice(engine)) {
      this.repricing = setInterval(() => {
        engine
          .repriceExpired()
          .catch((error: unknown) => log.error({ component: 'search', err: error }, 'repricing failed'));
      }, REPRICE_EVERY_MS);
      this.repricing.unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.repricing);
    await this.unlisten?.();
    await this.running;
  }

  /** Brings the index up to the store's latest change; concurrent calls share one run and re-run once. */
  catchUp(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.indexChanges();
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async indexChanges(): Promise<void> {
    const categories = await this.db.query<{ doc: Category }>('SELECT doc FROM categories ORDER BY id');
    await this.engine.setCategories(categories.map((r) => r.doc));
    const taxRules = await loadTaxRules(this.db);
    const engine = this.engine;
    for await (const page of productPagesAfter(this.db, this.checkpoint, taxRules)) {
      await engine.upsert(page.products);
      this.checkpoint = page.lastSeq;
      if (isElasticsearchEngine(engine)) await advanceSearchIndexRecord(this.db, engine.indices.alias, page.lastSeq);
    }
  }
}
