import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../tools/import-vsf1.ts';
import { colorAttribute, dumpLine, simpleProduct, taxRule, tempDir } from './vsf1-files.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

describe('tools/import-vsf1.ts', () => {
  it('writes one NDJSON file per snapshot key and prints progress and a summary', async () => {
    const file = temp.write('dump.ndjson', [
      ...Array.from({ length: 600 }, (_, i) => dumpLine('product', simpleProduct(i + 1, `SKU-${i + 1}`))),
      'not json',
      dumpLine('attribute', colorAttribute),
      dumpLine('taxrule', taxRule),
    ]);
    const out = path.join(temp.dir, 'out');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      expect(await main([file, '--out', out])).toBe(0);
    } finally {
      log.mockRestore();
    }

    expect(readdirSync(out).sort()).toEqual([
      'attributes.ndjson',
      'banners.ndjson',
      'blogPosts.ndjson',
      'categories.ndjson',
      'cmsBlocks.ndjson',
      'cmsPages.ndjson',
      'import-report.json',
      'products.ndjson',
      'reviews.ndjson',
      'stockItems.ndjson',
      'taxRules.ndjson',
    ]);
    const products = readFileSync(path.join(out, 'products.ndjson'), 'utf8').trim().split('\n');
    expect(products).toHaveLength(600);
    expect(JSON.parse(products[0] ?? '')).toMatchObject({ sku: 'SKU-1', price: 1000, priceInclTax: 1230 });
    expect(readFileSync(path.join(out, 'banners.ndjson'), 'utf8')).toBe('');
    const report = JSON.parse(readFileSync(path.join(out, 'import-report.json'), 'utf8'));
    expect(report.rejected).toEqual([expect.objectContaining({ line: 601, field: '' })]);

    expect(printed.filter((line) => line.startsWith('reading '))).toEqual([
      'reading  dump.ndjson:500  0 imported, 0 refused',
      'reading  dump.ndjson:603  2 imported, 1 refused',
    ]);
    expect(printed.filter((line) => line.startsWith('products '))).toEqual([
      'products dump.ndjson:500  502 imported, 1 refused',
      'products dump.ndjson:600  602 imported, 1 refused',
    ]);
    expect(printed).toContain('  products     600');
    expect(printed).toContain('Refused: 1 lines');
    expect(printed.some((line) => line.includes(`${file}:601: malformed JSON`))).toBe(true);
  });

  it('fails with a message on a missing file', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await main([path.join(temp.dir, 'missing.ndjson'), '--out', path.join(temp.dir, 'none')])).toBe(1);
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/cannot read .*missing\.ndjson/));
    } finally {
      error.mockRestore();
    }
  });
});
