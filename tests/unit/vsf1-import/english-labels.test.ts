import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../tools/import-vsf1.ts';
import { colorAttribute, dumpLine, simpleProduct, taxRule, tempDir } from './vsf1-files.ts';

/**
 * Issue 19: a VSF1 shop with an English store view has a second set of dumps (one index per store view). Its
 * labels become the catalogue's English names; without it, no English name is made up.
 */
const temp = tempDir();
afterAll(() => temp.cleanup());

const category = (id: number, name: string) => ({
  id,
  parent_id: 2,
  name,
  is_active: true,
  position: 1,
  level: 2,
  path: `1/2/${id}`,
  url_key: `c-${id}`,
  slug: `c-${id}`,
  url_path: `c-${id}`,
  children_data: [],
});

const storeView = (name: string, labels: { category: string; colour: string; black: string; blue: string }) =>
  temp.write(name, [
    dumpLine('category', category(3, labels.category)),
    dumpLine('attribute', {
      ...colorAttribute,
      frontend_label: labels.colour,
      options: [
        { label: ' ', value: '' },
        { label: labels.black, value: '49' },
        { label: labels.blue, value: '50' },
      ],
    }),
    dumpLine(
      'product',
      simpleProduct(1, 'PHONE-1', { color: '49', category: [{ category_id: 3, name: labels.category }] }),
    ),
    dumpLine('taxrule', taxRule),
  ]);

const rows = (dir: string, kind: string): Record<string, unknown>[] =>
  readFileSync(path.join(dir, `${kind}.ndjson`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const run = async (args: string[]): Promise<string[]> => {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  try {
    expect(await main(args)).toBe(0);
  } finally {
    log.mockRestore();
  }
  return printed;
};

describe('VSF1 import: English names from the English store view', () => {
  const bulgarian = storeView('bg.ndjson', { category: 'Телефони', colour: 'Цвят', black: 'Черен', blue: 'Син' });
  // The English view leaves one option's label blank: that one stays Bulgarian only.
  const english = storeView('en.ndjson', { category: 'Phones', colour: 'Colour', black: 'Black', blue: ' ' });

  it('--english maps category names, attribute and option labels, and the products category names', async () => {
    const out = path.join(temp.dir, 'with-english');
    const printed = await run([bulgarian, '--english', english, '--out', out]);
    expect(printed.join('\n')).toContain(
      'English names from the English store view: 1 categories, 1 attributes, 1 options',
    );

    const [phones] = rows(out, 'categories').filter((c) => c.id === 3);
    expect(phones).toMatchObject({ name: 'Телефони', name_en: 'Phones' });
    const [colour] = rows(out, 'attributes');
    expect(colour).toMatchObject({ frontend_label: 'Цвят', frontend_label_en: 'Colour' });
    expect(colour?.options).toEqual([
      expect.objectContaining({ value: '49', label: 'Черен', label_en: 'Black' }),
      expect.not.objectContaining({ label_en: expect.anything() }),
    ]);
    const [product] = rows(out, 'products');
    expect(product?.category).toEqual([
      expect.objectContaining({ category_id: 3, name: 'Телефони', name_en: 'Phones' }),
    ]);
  });

  it('without an English store view no English name is made up', async () => {
    const out = path.join(temp.dir, 'without');
    await run([bulgarian, '--out', out]);
    const text =
      readFileSync(path.join(out, 'categories.ndjson'), 'utf8') +
      readFileSync(path.join(out, 'attributes.ndjson'), 'utf8');
    expect(text).not.toMatch(/_en"/);
  });
});
