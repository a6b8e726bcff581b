import { v7 as uuidv7 } from 'uuid';
import type { CommandDocument } from '../../schema/index.ts';
import { writeCatalog } from '../../sync-server/catalog/catalog-writer.ts';
import { Executor } from '../../sync-server/executor/executor.ts';
import { pushCommands } from '../../sync-server/sync/push-commands.ts';
import { generateCatalog } from '../catalog/generate-catalog.ts';
import { cartCommand } from './raw-client.ts';
import { percentiles } from './stats.ts';
import type { TracedDatabase } from './stores.ts';
import { sized } from './short.ts';

export interface PushAtScaleResult {
  products: number;
  pushes: number;
  /** p50 of the push transaction over the first and the last 500 pushes (ms). */
  firstP50: number;
  lastP50: number;
}

const WINDOW = sized(500, 5);
/** Unmeasured pushes first: the JIT's warm-up would otherwise make the first window the slow one. */
const WARMUP = sized(1000, 5);

/**
 * The push transaction as a store in use meets it: the default catalogue's size (1,500 generated products, as
 * writeCatalog leaves it) and one cart changed `pushes` times, a command a push, through pushCommands (the push
 * path without HTTP), after 1,000 unmeasured ones. Compares the last 500 pushes with the first 500: before the store kept its statistics and
 * its cart rows, the product lookup read the whole stock table in every push and each cart change left an old
 * version its lock had to step over, so a busy cart's pushes slowed as it went.
 */
export const measurePushAtScale = async (
  db: TracedDatabase,
  products: number,
  pushes: number,
): Promise<PushAtScaleResult> => {
  await writeCatalog(db, generateCatalog({ products, seed: 1, now: new Date('2026-01-01T10:00:00Z') }));
  const inline = new Executor(db);
  const principal = { owner: `guest-scale-${uuidv7()}`, kind: 'guest' as const };
  const clientId = `client-${uuidv7()}`;
  let seq = 0;
  const push = async (change: 'add' | 'remove', sku: string): Promise<CommandDocument['status']> => {
    const doc = cartCommand({ owner: principal.owner, clientId, seq: ++seq }, change, sku);
    const { changes } = await pushCommands(db, principal, { rows: [{ newDocumentState: doc }] }, inline);
    const outcome = changes.find((c) => c.collection === 'outcomes')?.documents[0] as CommandDocument | undefined;
    return outcome?.status ?? 'pending';
  };

  // A simple product in stock: the first sku of the catalogue a cart takes.
  const candidates = await db.query<{ sku: string }>(
    `SELECT s.sku FROM catalog_skus s JOIN stock_items st ON st.sku = s.sku
     WHERE s.sku = s.product_sku AND st.is_in_stock AND st.qty > 10 ORDER BY s.sku LIMIT 50`,
  );
  let sku: string | undefined;
  for (const { sku: candidate } of candidates) {
    if ((await push('add', candidate)) !== 'succeeded') continue;
    await push('remove', candidate);
    sku = candidate;
    break;
  }
  if (!sku) throw new Error('no product of the generated catalogue could be added to a cart');

  const times: number[] = [];
  for (let i = 0; i < WARMUP + pushes; i++) {
    db.trace.enabled = i >= WARMUP;
    const status = await push(i % 2 === 0 ? 'add' : 'remove', sku);
    if (status !== 'succeeded') throw new Error(`push ${i} ended ${status}, expected succeeded`);
    const tx = db.trace.transactions.find((t) => t.kind === 'push');
    if (tx && i >= WARMUP) times.push(tx.end - tx.start);
    db.trace.reset();
  }
  db.trace.enabled = false;
  return {
    products,
    pushes,
    firstP50: percentiles(times.slice(0, WINDOW)).p50,
    lastP50: percentiles(times.slice(-WINDOW)).p50,
  };
};
