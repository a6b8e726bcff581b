import { BehaviorSubject, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { catalogEntryDocSchemas, type CatalogEntry } from '../../schema/catalog/catalog-entry.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import type { Category } from '../../schema/catalog/category.ts';
import { createEmbeddedSearchEngine } from '../../schema/search/embedded-engine.ts';
import type { SearchQueryInput } from '../../schema/search/query.ts';
import type { SearchResult } from '../../schema/search/search-engine.ts';
import { mapInSlices, SLICE_MS, yieldToMain } from '../lib/main-thread.ts';

/** What the device holds of the catalogue, for the views and the offline fallback. */
export interface LocalCatalogState {
  products: number;
  categories: number;
  /** Entries the server sent that this client version could not read (kept out of the index). */
  unreadable: number;
}

export interface LocalCatalog {
  state$: Observable<LocalCatalogState>;
  /** The spec's search over local data: the same engine and semantics as the server's embedded engine. */
  search(query: SearchQueryInput): SearchResult;
  product(sku: string): CatalogProduct | undefined;
  categories(): readonly Category[];
  stop(): void;
}

type Parsed = { kind: 'product'; doc: CatalogProduct } | { kind: 'category'; doc: Category } | { kind: 'other' };

/**
 * Entries come from the server, but a device may run an older client than the server: each is validated
 * with its kind's schema, and an entry this client cannot read is counted and skipped rather than breaking
 * the whole catalogue.
 */
const parseEntry = (entry: CatalogEntry): Parsed | undefined => {
  if (entry.kind !== 'product' && entry.kind !== 'category') return { kind: 'other' };
  const parsed = catalogEntryDocSchemas[entry.kind].safeParse(entry.doc);
  if (!parsed.success) return undefined;
  return entry.kind === 'product'
    ? { kind: 'product', doc: parsed.data as CatalogProduct }
    : { kind: 'category', doc: parsed.data as Category };
};

/**
 * Keeps an in-memory search index of the replicated catalogue: built once from local data when the app
 * opens (so search works offline at once), then kept current from the collection's change events.
 */
export const createLocalCatalog = (collection: RxCollection<CatalogEntry>): LocalCatalog => {
  const engine = createEmbeddedSearchEngine();
  const categories = new Map<number, Category>();
  const products = new Set<string>();
  const state = new BehaviorSubject<LocalCatalogState>({ products: 0, categories: 0, unreadable: 0 });
  let unreadable = 0;

  const apply = async (entries: readonly CatalogEntry[]): Promise<void> => {
    const changedProducts: CatalogProduct[] = [];
    let categoriesChanged = false;
    for (const parsed of await mapInSlices(entries, parseEntry)) {
      if (stopped) return;
      if (!parsed) unreadable += 1;
      else if (parsed.kind === 'product') {
        changedProducts.push(parsed.doc);
        products.add(parsed.doc.sku);
      } else if (parsed.kind === 'category') {
        categories.set(parsed.doc.id, parsed.doc);
        categoriesChanged = true;
      }
    }
    // Indexed in slices of SLICE_MS, not of a count of products: the first product also builds the shop's time
    // zone formatter (Intl data), and 25 products with it were a slow phone's 70-80 ms task.
    // The parsing's last slice ended a task's worth of work: indexing starts in a task of its own.
    await yieldToMain();
    if (stopped) return;
    let sliceStart = performance.now();
    const yieldWhenSliceIsUsed = async (): Promise<void> => {
      if (performance.now() - sliceStart <= SLICE_MS) return;
      await yieldToMain();
      sliceStart = performance.now();
    };
    if (categoriesChanged) engine.setCategories([...categories.values()]);
    for (const product of changedProducts) {
      await yieldWhenSliceIsUsed();
      if (stopped) return;
      engine.upsert([product]);
    }
    state.next({ products: products.size, categories: categories.size, unreadable });
  };

  let stopped = false;
  // A pulled page arrives as one burst of per-document events: it is indexed as one batch, in slices, and one
  // state follows the batch. Batches run one after another, in arrival order; changes arriving while the first
  // read runs wait for it (upserts are idempotent).
  const pending: CatalogEntry[] = [];
  let loaded = false;
  let flushScheduled = false;
  let applying: Promise<void> = Promise.resolve();
  const applyNext = (entries: readonly CatalogEntry[]) => {
    applying = applying
      .then(() => apply(entries))
      .catch((error: unknown) => console.error('[catalog] indexing failed', error));
  };
  const flush = () => {
    flushScheduled = false;
    if (!stopped && loaded) applyNext(pending.splice(0));
  };
  const subscription = collection.$.subscribe((event) => {
    pending.push(event.documentData as CatalogEntry);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
  void collection
    .find()
    .exec()
    .then((docs) => {
      if (stopped) return;
      applyNext(docs.map((d) => d.toJSON() as CatalogEntry));
      loaded = true;
      applyNext(pending.splice(0));
    });

  return {
    state$: state.asObservable(),
    search: (query) => engine.search(query),
    product: (sku) => engine.getBySku(sku),
    categories: () => [...categories.values()],
    stop() {
      stopped = true;
      subscription.unsubscribe();
    },
  };
};
