import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCatalog, isSellable } from '../../../tools/catalog/generate-catalog.ts';
import { CATALOG_KINDS, readCatalogDir, writeCatalogDir } from '../../../sync-server/catalog/snapshot-files.ts';
import { validateSnapshot } from '../../../tools/catalog/validate-snapshot.ts';
import { NOW } from './catalog-fixture.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-generator-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('NDJSON files', () => {
  it('writes one file per kind and reads back the same snapshot', async () => {
    const catalog = generateCatalog({ products: 60, seed: 3, now: NOW });
    const dir = tempDir();
    writeCatalogDir(catalog, dir);
    for (const kind of CATALOG_KINDS) expect(existsSync(path.join(dir, `${kind}.ndjson`))).toBe(true);
    const back = await readCatalogDir(dir);
    expect(back.problems).toEqual([]);
    expect(back.snapshot).toEqual(catalog);
    expect(readFileSync(path.join(dir, 'products.ndjson'), 'utf8').trimEnd().split('\n')).toHaveLength(
      catalog.products.length,
    );
  });

  it('validation names the bad row and a duplicate sku', () => {
    const catalog = generateCatalog({ products: 30, seed: 3, now: NOW });
    expect(validateSnapshot(catalog)).toEqual([]);
    const broken = structuredClone(catalog);
    broken.products[3]!.price = -1;
    broken.products[5]!.sku = broken.products[4]!.sku;
    const errors = validateSnapshot(broken);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'products', index: 3, message: expect.stringContaining('price') }),
        expect.objectContaining({ kind: 'products', index: 5, message: `duplicate sku ${broken.products[4]!.sku}` }),
      ]),
    );
  });
});

describe('the catalog:generate command', () => {
  it('writes the files and a manifest for --products, --seed and --out', { timeout: 60_000 }, async () => {
    const dir = path.join(tempDir(), 'out');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/catalog/generate.ts',
        '--products',
        '40',
        '--seed',
        '5',
        '--out',
        dir,
        '--now',
        '2025-11-20',
      ],
      { encoding: 'utf8', cwd: path.resolve(import.meta.dirname, '../../..') },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Products by type:');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
      sellable: number;
      seed: number;
    };
    expect(manifest).toMatchObject({ products: 40, seed: 5, sellable: 40 });
    const { snapshot } = await readCatalogDir(dir);
    expect(snapshot.products.filter(isSellable)).toHaveLength(40);
    expect(snapshot).toEqual(generateCatalog({ products: 40, seed: 5, now: new Date('2025-11-20') }));
  });

  it('refuses a bad --products', { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/catalog/generate.ts', '--products', 'lots'], {
      encoding: 'utf8',
      cwd: path.resolve(import.meta.dirname, '../../..'),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--products must be a positive integer');
  });
});
