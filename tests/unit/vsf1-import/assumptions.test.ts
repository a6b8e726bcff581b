import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../tools/import-vsf1.ts';
import { dumpLine, simpleProduct, tempDir } from './vsf1-files.ts';

/**
 * Issue 29 (item 23): the importer says what it assumed. A UK shop's dump: prices in pounds, no tax rules, pictures
 * named by the shop's media paths, and an attribute of its own (free text) that products carry.
 */
const temp = tempDir();
afterAll(() => temp.cleanup());

const warrantyAttribute = {
  attribute_id: 300,
  id: 300,
  attribute_code: 'warranty',
  frontend_input: 'text',
  default_frontend_label: 'Warranty',
  is_user_defined: true,
  is_visible: true,
  options: [],
};
const dump = temp.write('uk-shop.ndjson', [
  dumpLine('attribute', warrantyAttribute),
  // 10.00 in the shop's currency.
  dumpLine('product', simpleProduct(1, 'UK-1', { image: '/m/b/mb01-blue-0.jpg', warranty: '2 years' })),
  dumpLine('product', simpleProduct(2, 'UK-2', { warranty: '1 year' })),
]);

let runs = 0;
const run = async (...options: string[]) => {
  const out = path.join(temp.dir, `out-${(runs += 1)}`);
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  try {
    const code = await main([dump, '--out', out, ...options]);
    const products =
      code === 0
        ? readFileSync(path.join(out, 'products.ndjson'), 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { sku: string; price: number; priceInclTax: number })
        : [];
    return { code, printed, products };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
};

describe("the VSF1 importer's report of what it assumed", () => {
  it('without --currency it warns that prices were taken as leva', async () => {
    const { code, printed, products } = await run();
    expect(code).toBe(0);
    expect(products[0]).toMatchObject({ sku: 'UK-1', price: 1000 });
    expect(printed).toContainEqual(expect.stringMatching(/^WARNING: no --currency given: prices were taken as leva/));
  });

  it('with --currency and --rate the prices are converted into leva, and the report says at what rate', async () => {
    const { code, printed, products } = await run('--currency', 'gbp', '--rate', '2.30');
    expect(code).toBe(0);
    expect(products[0]).toMatchObject({ price: 2300, priceInclTax: 2300 });
    expect(printed).toContain('Prices: in GBP, converted into leva at 2.3 лв. per GBP');
    expect(printed.some((line) => line.includes('--currency given'))).toBe(false);
  });

  it('euro prices are converted at the fixed rate; leva are taken as they are; a currency without a rate is refused', async () => {
    const euro = await run('--currency', 'EUR');
    expect(euro.products[0]).toMatchObject({ price: 1956 });
    expect(euro.printed).toContain('Prices: in EUR, converted into leva at 1.95583 лв. per EUR');
    const leva = await run('--currency', 'BGN');
    expect(leva.products[0]).toMatchObject({ price: 1000 });
    expect(leva.printed).toContain('Prices: in BGN, taken as they are');
    const noRate = await run('--currency', 'GBP');
    expect(noRate.code).toBe(1);
    expect(noRate.printed).toContainEqual(expect.stringContaining('--rate'));
  });

  it('a dump without tax rules is not summarised as priced with VAT', async () => {
    const { printed } = await run('--currency', 'BGN');
    expect(printed.some((line) => line.includes('with VAT at'))).toBe(false);
    expect(printed).toContainEqual(
      expect.stringMatching(/^Imported in .* \(prices without VAT: the dump has no tax rules\)/),
    );
  });

  it('picture paths kept without --media are reported as not served', async () => {
    const { printed } = await run('--currency', 'BGN');
    expect(printed).toContainEqual(
      expect.stringMatching(
        /^WARNING: 1 product names pictures by the dump's paths, which this store does not serve.* --media/,
      ),
    );
    const none = temp.write('no-pictures.ndjson', [dumpLine('product', simpleProduct(3, 'NO-PIC'))]);
    const out = path.join(temp.dir, 'out-no-pictures');
    const quiet: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void quiet.push(line));
    try {
      expect(await main([none, '--out', out, '--currency', 'BGN'])).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(quiet.some((line) => line.includes('pictures by'))).toBe(false);
  });

  it('attributes whose values were dropped are listed with how many products had them', async () => {
    const { printed } = await run('--currency', 'BGN');
    expect(printed).toContainEqual(
      'Attributes not carried into products (only select, multiselect and yes/no ones are): warranty (2 products)',
    );
  });
});
