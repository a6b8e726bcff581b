import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { log as processLog } from '../observability/logger.ts';
import type { Database } from '../store/database.ts';
import type { ElasticsearchSearchEngine } from '../search/elasticsearch-engine.ts';
import { productPagesAfter } from './catalog-product-pages.ts';
import { loadTaxRules } from './product-repository.ts';
import { readSearchIndexRecord, writeSearchIndexRecord } from './search-index-record.ts';
import {
  claimRebuildLease,
  rebuildLeaseHolder,
  REBUILD_LEASE_TTL_MS,
  type RebuildLease,
} from './search-rebuild-lease.ts';

/**
 * The Elasticsearch catalogue, built once for every instance (issue 31). A rebuild fills a fresh physical index
 * from the store, swaps the alias onto it in one `_aliases` call and deletes the old one, then records in the
 * store which index and catalogue version the alias holds (search-index-record.ts). Only the holder of the
 * rebuild lease builds (search-rebuild-lease.ts).
 *
 * An instance starting (`openSearchIndex`) builds only when there is nothing to keep: no alias, or not on the
 * recorded index (a first start, a rebuild that died before its record). Otherwise it keeps the index and
 * follows the catalogue from the recorded version: no instance re-indexes the catalogue when it starts. An
 * operator rebuilds on purpose with `npm run ops -- search-rebuild` (after an import that removed products, a
 * mapping change), which runs `rebuildSearchIndexNow` while the instances keep serving from the old index.
 */

export interface RebuildOutcome {
  /** The index now behind the alias. */
  readonly index: string;
  /** The indices it replaced (deleted). */
  readonly previous: readonly string[];
  /** Products written by the full pass. */
  readonly products: number;
  /** The catalogue version it holds (the highest catalog_products.server_seq written). */
  readonly seq: number;
}

export interface SearchIndexOptions {
  /** Names this process in the lease (and the log); default: host, pid and a random suffix. */
  readonly holder?: string;
  readonly logger?: Logger;
  /** How often a starting instance looks again while another builds. */
  readonly pollMs?: number;
  readonly leaseTtlMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const POLL_MS = 1_000;
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const defaultHolder = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Builds a fresh index and swaps it in; the caller holds `lease`. A failure before the swap drops the new index. */
export const rebuildSearchIndex = async (
  db: Database,
  engine: ElasticsearchSearchEngine,
  lease: RebuildLease,
): Promise<RebuildOutcome> => {
  const { indices } = engine;
  const index = await indices.create();
  let swapped = false;
  try {
    let rules = await loadTaxRules(db);
    let seq = 0;
    let products = 0;
    const fill = async (after: number): Promise<void> => {
      for await (const page of productPagesAfter(db, after, rules)) {
        await indices.fill(index, page.products);
        products += page.products.length;
        seq = page.lastSeq;
        if (!(await lease.renew())) throw new Error(`search rebuild: the lease of ${lease.holder} was taken over`);
      }
    };
    await fill(0);
    // What changed while it was built; all of it again if the tax rules (every price) changed meanwhile.
    const rulesNow = await loadTaxRules(db);
    if (JSON.stringify(rulesNow) !== JSON.stringify(rules)) {
      rules = rulesNow;
      products = 0;
      await fill(0);
    } else await fill(seq);
    const previous = await indices.swapTo(index);
    swapped = true;
    // Changes committed before the swap went through the alias into the old index: bring them into this one.
    for await (const page of productPagesAfter(db, seq, rules)) {
      await engine.upsert(page.products);
      seq = page.lastSeq;
    }
    await writeSearchIndexRecord(db, indices.alias, { index, seq, builtAt: new Date().toISOString() });
    return { index, previous, products, seq };
  } catch (error) {
    if (!swapped) await indices.drop(index).catch(() => undefined);
    throw error;
  }
};

/** The recorded version when the alias is on the recorded index (nothing to build), else undefined. */
const keptVersion = async (db: Database, engine: ElasticsearchSearchEngine): Promise<number | undefined> => {
  const record = await readSearchIndexRecord(db, engine.indices.alias);
  if (!record) return undefined;
  const live = await engine.indices.behindAlias();
  return live.length === 1 && live[0] === record.index ? record.seq : undefined;
};

/**
 * At an instance's start: puts the index template, then keeps the index the store records (answering its
 * version, from which the instance follows the catalogue) or builds one under the lease; while another holds
 * the lease, waits for its build (or takes over once its lease expires). Answers the version to follow from.
 */
export const openSearchIndex = async (
  db: Database,
  engine: ElasticsearchSearchEngine,
  options: SearchIndexOptions = {},
): Promise<number> => {
  const logger = options.logger ?? processLog;
  const holder = options.holder ?? defaultHolder();
  const { alias } = engine.indices;
  await engine.indices.putTemplate();
  let waiting = false;
  for (;;) {
    const kept = await keptVersion(db, engine);
    if (kept !== undefined) {
      logger.info(
        { component: 'search', alias, seq: kept },
        'search index kept: following the catalogue from its version',
      );
      return kept;
    }
    const lease = await claimRebuildLease(db, alias, holder, options.leaseTtlMs ?? REBUILD_LEASE_TTL_MS);
    if (lease) {
      try {
        // Another holder may have finished between the look and the claim.
        const built = await keptVersion(db, engine);
        if (built !== undefined) return built;
        const outcome = await rebuildSearchIndex(db, engine, lease);
        logger.info({ component: 'search', alias, ...outcome }, 'search index built and swapped in');
        return outcome.seq;
      } finally {
        await lease.release();
      }
    }
    if (!waiting) {
      const other = await rebuildLeaseHolder(db, alias);
      logger.info(
        { component: 'search', alias, holder: other },
        'another process is building the search index: waiting',
      );
      waiting = true;
    }
    await (options.sleep ?? wait)(options.pollMs ?? POLL_MS);
  }
};

/** An explicit rebuild (the ops command): builds now, or answers who is building already. */
export const rebuildSearchIndexNow = async (
  db: Database,
  engine: ElasticsearchSearchEngine,
  options: Pick<SearchIndexOptions, 'holder' | 'leaseTtlMs'> = {},
): Promise<RebuildOutcome | { readonly busy: string }> => {
  const { alias } = engine.indices;
  await engine.indices.putTemplate();
  const lease = await claimRebuildLease(db, alias, options.holder ?? defaultHolder(), options.leaseTtlMs);
  if (!lease) return { busy: (await rebuildLeaseHolder(db, alias)) ?? 'another process' };
  try {
    return await rebuildSearchIndex(db, engine, lease);
  } finally {
    await lease.release();
  }
};
