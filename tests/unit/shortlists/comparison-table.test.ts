import { describe, expect, it } from 'vitest';
import { comparisonTable, NO_VALUE, type ComparableAttribute } from '../../../client/shortlists/comparison-table.ts';
import { catalogProduct } from './support.ts';

const attribute = (
  code: string,
  overrides: Partial<ComparableAttribute> & { options?: ComparableAttribute['options'] } = {},
): ComparableAttribute => ({
  attribute_code: code,
  frontend_label: code.toUpperCase(),
  default_frontend_label: '',
  options: [],
  is_comparable: true,
  position: 0,
  ...overrides,
});
const option = (value: string, label: string) => ({ value, label, slug: value });

const COLOUR = attribute('cvyat', {
  frontend_label: 'Цвят',
  position: 1,
  options: [option('1', 'Черен'), option('2', 'Сребрист'), option('3', 'Син')],
});
const RAM = attribute('ram', {
  frontend_label: 'RAM',
  position: 2,
  options: [option('16', '16 GB'), option('24', '24 GB')],
});
const PORTS = attribute('portove', {
  frontend_label: 'Портове',
  position: 3,
  options: [option('usbc', 'USB-C'), option('mag', 'MagSafe')],
});
const SKU_NOTE = attribute('note', { frontend_label: '', default_frontend_label: 'Note', position: 4 });
const HIDDEN = attribute('flag', { is_comparable: false, options: [option('y', 'Yes')] });

const AIR = catalogProduct({ sku: 'AIR', attributes: { cvyat: '1', ram: '16', portove: ['usbc', 'mag'], flag: 'y' } });
const PRO = catalogProduct({ sku: 'PRO', attributes: { cvyat: '2', portove: ['usbc'], flag: 'y' } });

describe('comparison table', () => {
  it('one row per comparable attribute with a value, cells in product order with option labels', () => {
    expect(comparisonTable([AIR, PRO], [COLOUR, RAM, PORTS])).toEqual([
      { code: 'cvyat', label: 'Цвят', values: ['Черен', 'Сребрист'], differs: true },
      { code: 'ram', label: 'RAM', values: ['16 GB', NO_VALUE], differs: true },
      { code: 'portove', label: 'Портове', values: ['USB-C, MagSafe', 'USB-C'], differs: true },
    ]);
  });

  it('leaves out attributes that are not comparable', () => {
    expect(comparisonTable([AIR, PRO], [HIDDEN, COLOUR]).map((r) => r.code)).toEqual(['cvyat']);
  });

  it('leaves out attributes no product has a value for', () => {
    const bare = catalogProduct({ sku: 'BARE', attributes: { ram: [] } });
    expect(comparisonTable([bare], [COLOUR, RAM])).toEqual([]);
  });

  it('orders rows by attribute position, keeping the given order on ties', () => {
    const a = attribute('a', { position: 5 });
    const b = attribute('b', { position: 1 });
    const c = attribute('c', { position: 1 });
    const product = catalogProduct({ sku: 'X', attributes: { a: 'x', b: 'x', c: 'x' } });
    expect(comparisonTable([product], [a, b, c]).map((r) => r.code)).toEqual(['b', 'c', 'a']);
  });

  it('shows a value without an option as stored, and falls back to the default label, then the code', () => {
    const product = catalogProduct({ sku: 'X', attributes: { note: 'Liquid Retina', cvyat: '9' } });
    const unlabelled = attribute('zzz', { frontend_label: '', position: 9 });
    const withZzz = catalogProduct({ sku: 'Y', attributes: { zzz: 'v' } });
    expect(comparisonTable([product, withZzz], [COLOUR, SKU_NOTE, unlabelled])).toEqual([
      { code: 'cvyat', label: 'Цвят', values: ['9', NO_VALUE], differs: true },
      { code: 'note', label: 'Note', values: ['Liquid Retina', NO_VALUE], differs: true },
      { code: 'zzz', label: 'zzz', values: [NO_VALUE, 'v'], differs: true },
    ]);
  });

  it('marks rows where every product shows the same', () => {
    const other = catalogProduct({ sku: 'AIR2', attributes: { cvyat: '1' } });
    expect(comparisonTable([AIR, other], [COLOUR])[0]?.differs).toBe(false);
  });

  it('no products: no rows', () => {
    expect(comparisonTable([], [COLOUR, RAM])).toEqual([]);
  });
});
