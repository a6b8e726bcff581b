import { existsSync } from 'node:fs';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../store/database.ts';
import { writeCatalog, type CatalogProgress } from './catalog-writer.ts';
import { demoCatalog } from './demo-catalog.ts';
import { formatLineProblem, readCatalogDir } from './snapshot-files.ts';
import { loadMediaFolder } from './media/media-folder.ts';
import { log as processLog } from '../observability/logger.ts';

export type SeedMode = ServerConfig['SEED'];

export type SeedOutcome = 'not-empty' | 'none' | 'demo' | 'generated';

const PROBLEMS_SHOWN = 20;

const isCatalogueEmpty = async (db: Database): Promise<boolean> => {
  const [row] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM catalog_products) AS found');
  return !row?.found;
};

/** One log line per finished kind: enough to follow a 20,000-product load without flooding the console. */
const logKinds =
  (log: (line: string) => void) =>
  ({ kind, done, total }: CatalogProgress): void => {
    if (done === total) log(`[catalog] ${kind}: ${total}`);
  };

/**
 * Seeds an empty catalogue at start; a catalogue with products is never touched (imports update it).
 * 'generated' loads the snapshot in `catalogDir` (npm start generates it first); when that folder is
 * missing (a bare `tsx sync-server/main.ts`, the browser tests) the demo catalogue is used instead, so a
 * started store always has something to sell. Bad lines of the snapshot are logged and skipped.
 */
export const seedCatalog = async (
  db: Database,
  mode: SeedMode,
  catalogDir: string,
  log: (line: string) => void = (line) => processLog.info({ component: 'seed' }, line),
): Promise<SeedOutcome> => {
  if (mode === 'none') return 'none';
  if (!(await isCatalogueEmpty(db))) return 'not-empty';
  if (mode === 'generated' && existsSync(catalogDir)) {
    const { snapshot, problems } = await readCatalogDir(catalogDir);
    for (const problem of problems.slice(0, PROBLEMS_SHOWN)) log(`[catalog] skipped ${formatLineProblem(problem)}`);
    if (problems.length > PROBLEMS_SHOWN) log(`[catalog] ... and ${problems.length - PROBLEMS_SHOWN} more bad lines`);
    await writeCatalog(db, snapshot, logKinds(log));
    const pictures = await loadMediaFolder(db, catalogDir);
    if (pictures > 0) log(`[catalog] pictures: ${pictures}`);
    return 'generated';
  }
  if (mode === 'generated') log(`[catalog] no catalogue in ${catalogDir}: seeding the demo catalogue`);
  await writeCatalog(db, demoCatalog());
  return 'demo';
};
