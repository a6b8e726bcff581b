import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../sync-server/config.ts';

/**
 * `npm start`'s first-run step: when the store seeds from a generated catalogue (SEED=generated, the
 * default) and CATALOG_DIR holds none yet, run the generator into it. Generating into a scratch folder
 * and renaming it at the end means an interrupted run never leaves half a catalogue that looks complete.
 * Extra arguments go to the generator (`npm start -- --products 5000` is not needed: its default applies).
 */
const config = loadConfig();
const dir = path.resolve(config.CATALOG_DIR);

if (config.SEED !== 'generated' || existsSync(dir)) process.exit(0);

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = `${dir}.partial-${process.pid}`;
mkdirSync(path.dirname(dir), { recursive: true });
console.log(`[catalog] generating the catalogue into ${dir}`);
const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'tools/catalog/generate.ts'), '--out', scratch, ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
if (run.status !== 0) {
  rmSync(scratch, { recursive: true, force: true });
  console.error('[catalog] the generator failed; the store will seed the demo catalogue instead');
  process.exit(0);
}
renameSync(scratch, dir);
