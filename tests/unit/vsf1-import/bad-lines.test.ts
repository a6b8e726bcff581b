import { afterAll, describe, expect, it } from 'vitest';
import { importVsf1, type Vsf1ImportProgress } from '../../../sync-server/catalog/import/import-vsf1.ts';
import { colorAttribute, dumpLine, simpleProduct, taxRule, tempDir } from './vsf1-files.ts';

const temp = tempDir();
afterAll(() => temp.cleanup());

describe('a dump with bad lines', () => {
  const { sku: _omitted, ...withoutSku } = simpleProduct(3, 'NO-SKU');
  const file = temp.write('mixed.ndjson', [
    dumpLine('product', simpleProduct(1, 'GOOD-1', { price: '19.9900' })), // 1
    '{"_index":"vue_storefront_catalog","_type":"product","_source":{"id":2,', // 2: cut off
    dumpLine('product', withoutSku), // 3: no sku
    '', // 4: blank, skipped
    dumpLine('product', simpleProduct(4, 'GOOD-2', { type_id: 'virtual' })), // 5: not a type of ours
    JSON.stringify({ hits: [] }), // 6: not an elasticdump document
    dumpLine('cms_hierarchy', { id: 1, identifier: 'x' }), // 7: a kind we do not take
    dumpLine('product', { query: { match: { name: 'Bag' } } }, 'AV6Y'), // 8: percolator
    dumpLine('product', simpleProduct(5, 'GOOD-3', { price: 'twelve' })), // 9: price not a number
    dumpLine('product', simpleProduct(6, 'GOOD-4')), // 10
    dumpLine('product', simpleProduct(7, 'GOOD-1')), // 11: same sku as line 1
    dumpLine('product', simpleProduct(6, 'OTHER')), // 12: id of line 10, another sku
    dumpLine('attribute', colorAttribute), // 13
    dumpLine('taxrule', taxRule), // 14
  ]);

  it('reports each bad line with its number and reason, and imports the rest', async () => {
    const progress: Vsf1ImportProgress[] = [];
    const result = await importVsf1([file], { onProgress: (p) => progress.push(p), progressEvery: 2 });

    expect(result.snapshot.products.map((p) => p.sku)).toEqual(['GOOD-1', 'GOOD-4']);
    expect(result.snapshot.products[0]).toMatchObject({ price: 1999, priceInclTax: 2459 });
    expect(result.snapshot.attributes.map((a) => a.attribute_code)).toEqual(['color']);
    expect(result.snapshot.taxRules).toHaveLength(1);

    const rejected = result.rejected.map((r) => ({ line: r.line, field: r.field, reason: r.reason }));
    expect(rejected).toEqual([
      { line: 2, field: '', reason: expect.stringMatching(/^malformed JSON: /) },
      { line: 3, field: '_source.sku', reason: expect.stringMatching(/^product: _source\.sku: .*expected string/) },
      {
        line: 5,
        field: 'type_id',
        reason: expect.stringMatching(/^product GOOD-2 does not fit the catalogue model: type_id: /),
      },
      { line: 6, field: '_index', reason: expect.stringMatching(/^not an elasticdump document: _index: /) },
      {
        line: 9,
        field: '_source.price',
        reason: 'product: _source.price: expected a decimal number such as "32.0000"',
      },
      { line: 12, field: '_source.id', reason: expect.stringMatching(/id 6 is already product GOOD-4 \(.* line 10\)/) },
    ]);
    expect(result.rejected.every((r) => r.file === file)).toBe(true);

    expect(result.skipped).toEqual({ percolator: 1, unknownType: { cms_hierarchy: 1 }, duplicate: 1 });
    expect(result.skippedLines.map((s) => s.line)).toEqual([7, 8, 11]);
    expect(result.skippedLines[2]?.reason).toMatch(/duplicate product sku GOOD-1 .*line 1, is kept/);

    // Progress: every 2 documents and at the end of each pass, with the refusals counted as they come.
    expect(progress.filter((p) => p.phase === 'scan').map((p) => p.line)).toEqual([2, 5, 7, 9, 11, 13, 14]);
    expect(progress.filter((p) => p.phase === 'products').map((p) => p.line)).toEqual([5, 10]);
    expect(progress.at(-1)).toMatchObject({ phase: 'products', imported: 4, rejected: 6 });
  });

  it('refuses to start on a file it cannot read, naming it', async () => {
    await expect(importVsf1([`${temp.dir}/missing.ndjson`])).rejects.toThrow(/cannot read .*missing\.ndjson/);
  });
});
