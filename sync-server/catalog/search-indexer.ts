import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { applyTaxRules } from '../../schema/catalog/rules/index.ts';
import type { SearchEngine } from '../../schema/search/search-engine.ts';
import type { Database } from '../store/database.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from '../store/server-seq.ts';
import { loadTaxRules } from './product-repository.ts';
import { log } from '../observability/logger.ts';

const PAGE = 1000;
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
  ) {}

  /** Indexes the whole catalogue, then follows its changes. */
  async start(): Promise<void> {
    await this.catchUp();
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => {
      let notice: ChangeNotice;
      try {
        notice = JSON.parse(payload) as ChangeNotice;
      } catch {
        return;
      }
      if (notice.collections.some((c) => FOLLOWED.includes(c))) {
        // A change of tax rules reprices every product: index everything again.
        if (notice.collections.includes('taxRules')) this.checkpoint = 0;
        void this.catchUp().catch((error: unknown) =>
          log.error({ component: 'search', err: error }, 'indexing failed'),
        );
      }
    });
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
    for (;;) {
      const rows = await this.db.query<{ doc: CatalogProduct; server_seq: number }>(
        'SELECT doc, server_seq FROM catalog_products WHERE server_seq > $1 ORDER BY server_seq LIMIT $2',
        [this.checkpoint, PAGE],
      );
      if (rows.length === 0) return;
      await this.engine.upsert(rows.map((r) => applyTaxRules(r.doc, taxRules)));
      this.checkpoint = rows.at(-1)!.server_seq;
    }
  }
}
