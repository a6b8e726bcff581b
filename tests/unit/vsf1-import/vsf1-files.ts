import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real VSF1 dumps (README there), copied into tests/fixtures/vsf1. */
export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/vsf1/', import.meta.url));

/** In the README's order: the 2017 catalogue first, then the v1.12.5 dumps. */
export const FIXTURE_FILES = [
  'catalog-2017.ndjson',
  'attribute.ndjson',
  'category.ndjson',
  'cms_block.ndjson',
  'cms_page.ndjson',
  'review.ndjson',
  'taxrule.ndjson',
].map((name) => path.join(FIXTURE_DIR, name));

export const fixture = (name: string): string => path.join(FIXTURE_DIR, name);

/** One elasticdump line of the 2017 (Elasticsearch 5) shape: the kind in `_type`. */
export const dumpLine = (type: string, source: Record<string, unknown>, id: unknown = source.id): string =>
  JSON.stringify({ _index: 'vue_storefront_catalog', _type: type, _id: String(id), _score: 1, _source: source });

/** A temporary folder for one test file's dumps; `cleanup` removes it. */
export const tempDir = (): {
  dir: string;
  write: (name: string, lines: readonly string[]) => string;
  cleanup: () => void;
} => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vsf1-import-'));
  return {
    dir,
    write: (name, lines) => {
      const file = path.join(dir, name);
      writeFileSync(file, `${lines.join('\n')}\n`);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
};

/** A simple product as VSF1 1.0 indexes it (decimal strings and string ids, as in the fixtures). */
export const simpleProduct = (
  id: number,
  sku: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id,
  sku,
  name: `Product ${sku}`,
  price: 10,
  status: 1,
  visibility: 4,
  type_id: 'simple',
  created_at: '2017-07-18 04:56:45',
  updated_at: '2017-07-18 04:56:45',
  tax_class_id: '2',
  product_links: [],
  tier_prices: [],
  custom_attributes: null,
  category: [],
  ...extra,
});

export const colorAttribute = {
  attribute_id: 93,
  id: 93,
  attribute_code: 'color',
  frontend_input: 'select',
  default_frontend_label: 'Color',
  is_user_defined: true,
  is_visible: true,
  is_visible_on_front: '0',
  is_comparable: '0',
  is_filterable: true,
  options: [
    { label: ' ', value: '' },
    { label: 'Black', value: '49' },
    { label: 'Blue', value: '50' },
  ],
};

export const taxRule = {
  id: 2,
  code: 'General Taxes',
  product_tax_class_ids: [2],
  rates: [{ id: 6, tax_country_id: 'DE', tax_region_id: 0, tax_postcode: '*', rate: 23, code: 'VAT23-DE' }],
};
