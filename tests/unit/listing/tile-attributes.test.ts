import { describe, expect, it } from 'vitest';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { TILE_ATTRIBUTE_LINES, tileAttributeLines } from '../../../schema/catalog/tile/tile-attributes.ts';

const attribute = (code: string, label: string, position: number, options: [string, string][] = []): Attribute =>
  attributeSchema.parse({
    attribute_id: position,
    id: position,
    attribute_code: code,
    frontend_label: label,
    default_frontend_label: label,
    frontend_input: 'select',
    options: options.map(([value, optionLabel]) => ({ value, label: optionLabel, slug: value })),
    is_visible_on_front: true,
    is_comparable: true,
    is_user_defined: true,
    is_visible: true,
    position,
  });

const ATTRIBUTES = [
  attribute('cvyat', 'Цвят', 1, [
    ['1', 'Черен'],
    ['2', 'Сребрист'],
  ]),
  attribute('disk', 'Диск', 4, [['256', '256 GB']]),
  attribute('ram', 'RAM', 5, [['16', '16 GB']]),
  attribute('flag', 'Етикет', 8, [['new', 'Ново']]),
  attribute('guide', 'Ръководство', 9),
  attribute('additional_info', 'Допълнителна информация', 10),
  attribute('category', 'Категория', 11),
  attribute('In stock', 'Наличен', 12),
  attribute('procesor', 'Процесор', 6, [['m4', 'Apple M4']]),
];

describe('spec: "at most 7 attribute lines (index 6 and below)"', () => {
  it('the limit is 7', () => {
    expect(TILE_ATTRIBUTE_LINES).toBe(7);
  });

  it("labels and option labels, in the attribute list's order", () => {
    expect(tileAttributeLines({ ram: '16', cvyat: '1', disk: '256' }, ATTRIBUTES)).toEqual([
      { code: 'cvyat', label: 'Цвят', value: 'Черен' },
      { code: 'disk', label: 'Диск', value: '256 GB' },
      { code: 'ram', label: 'RAM', value: '16 GB' },
    ]);
  });

  it('more than 7 values: the first 7 only', () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, `v${i}`]));
    const lines = tileAttributeLines(many, []);
    expect(lines).toHaveLength(7);
    expect(lines.map((l) => l.code)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('a multiselect joins its labels; an unknown value or attribute is shown as stored', () => {
    expect(tileAttributeLines({ cvyat: ['1', '2', '9'], extra: 'x' }, ATTRIBUTES)).toEqual([
      { code: 'cvyat', label: 'Цвят', value: 'Черен, Сребрист, 9' },
      { code: 'extra', label: 'extra', value: 'x' },
    ]);
  });
});

describe('spec: "Hidden attributes are category, guide, flag, additional info and the status names"', () => {
  it('hidden ones make no line, however an import spells them', () => {
    const values = {
      cvyat: '1',
      flag: 'new',
      guide: 'pdf',
      additional_info: 'x',
      'Additional Info': 'x',
      category: '10',
      'In stock': '1',
      'pre-order': '1',
      'Limited Qty': '1',
      procesor: 'm4',
    };
    expect(tileAttributeLines(values, ATTRIBUTES).map((l) => l.code)).toEqual(['cvyat', 'procesor']);
  });

  it('hidden ones do not use up the 7 lines', () => {
    const visible = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`a${i}`, 'v']));
    const lines = tileAttributeLines({ flag: 'new', guide: 'g', category: 'c', ...visible }, []);
    expect(lines.map((l) => l.code)).toEqual(Object.keys(visible));
  });

  it('an empty value makes no line', () => {
    expect(tileAttributeLines({ cvyat: [], disk: '' }, ATTRIBUTES)).toEqual([]);
  });
});
