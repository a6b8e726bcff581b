import { describe, expect, it } from 'vitest';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { categoryName, optionLabel } from '../../../schema/catalog/localized.ts';
import { tileAttributeLines } from '../../../schema/catalog/tile/tile-attributes.ts';
import { langOf } from '../../../client/catalog/localized/shown-text.tsx';
import { shownOption } from '../../../client/catalog/product/option-labels.ts';
import { comparisonTable } from '../../../client/shortlists/comparison-table.ts';

/** Issue 19: the catalogue's labels in the chosen language, and Bulgarian-only words said to be Bulgarian. */
const COLOUR: Attribute = attributeSchema.parse({
  attribute_id: 93,
  id: 93,
  attribute_code: 'cvyat',
  frontend_label: 'Цвят',
  default_frontend_label: 'Цвят',
  frontend_label_en: 'Colour',
  frontend_input: 'select',
  options: [
    { value: '1', label: 'Черен', label_en: 'Black', slug: 'cheren' },
    // An option the catalogue has no English for (an imported shop's, say).
    { value: '2', label: 'Графитен', slug: 'grafiten' },
  ],
  is_visible_on_front: true,
  is_comparable: true,
  is_user_defined: true,
  is_visible: true,
  position: 1,
});
const GUIDE: Attribute = attributeSchema.parse({
  ...COLOUR,
  attribute_id: 94,
  id: 94,
  attribute_code: 'garanciya',
  frontend_label: 'Гаранция',
  default_frontend_label: 'Гаранция',
  frontend_label_en: undefined,
  options: [{ value: '24', label: '24 месеца', slug: '24' }],
  position: 2,
});

describe('the catalogue in the chosen language', () => {
  it('a category: English where it has an English name, else its Bulgarian name said to be Bulgarian', () => {
    expect(categoryName({ name: 'Аксесоари', name_en: 'Accessories' }, 'en')).toEqual({
      text: 'Accessories',
      lang: 'en',
    });
    expect(categoryName({ name: 'Аксесоари', name_en: 'Accessories' }, 'bg')).toEqual({
      text: 'Аксесоари',
      lang: 'bg',
    });
    expect(categoryName({ name: 'Аутлет' }, 'en')).toEqual({ text: 'Аутлет', lang: 'bg' });
  });

  it('an element is marked lang="bg" only on an English page showing Bulgarian words', () => {
    expect(langOf(optionLabel({ label: 'Графитен' }, 'en'), 'en')).toBe('bg');
    expect(langOf(optionLabel({ label: 'Черен', label_en: 'Black' }, 'en'), 'en')).toBeUndefined();
    expect(langOf(optionLabel({ label: 'Графитен' }, 'bg'), 'bg')).toBeUndefined();
  });

  it("a configurable product's options take the catalogue attribute's English words, matched by value", () => {
    const option = {
      attribute_id: 93,
      attribute_code: 'cvyat',
      label: 'Цвят',
      position: 0,
      values: [
        { value_index: '1', label: 'Черен' },
        { value_index: '2', label: 'Графитен' },
        { value_index: '9', label: 'Сив' },
      ],
    };
    const english = shownOption(option, [COLOUR], 'en');
    expect(english.label).toEqual({ text: 'Colour', lang: 'en' });
    expect([...english.values.values()]).toEqual([
      { text: 'Black', lang: 'en' },
      { text: 'Графитен', lang: 'bg' },
      { text: 'Сив', lang: 'bg' },
    ]);
    // Without the attributes (not loaded yet, or an unknown code) the product's own words show, marked.
    expect(shownOption(option, [], 'en').label).toEqual({ text: 'Цвят', lang: 'bg' });
    const bulgarian = shownOption(option, [COLOUR], 'bg');
    expect(bulgarian.label.text).toBe('Цвят');
    expect([...bulgarian.values.values()].map((v) => v.text)).toEqual(['Черен', 'Графитен', 'Сив']);
  });

  it("a tile's attribute lines in English, the Bulgarian-only ones marked", () => {
    expect(tileAttributeLines({ cvyat: '1', garanciya: '24' }, [COLOUR, GUIDE], undefined, 'en')).toEqual([
      { code: 'cvyat', label: 'Colour', value: 'Black' },
      { code: 'garanciya', label: 'Гаранция', value: '24 месеца', labelLang: 'bg', valueLang: 'bg' },
    ]);
    expect(tileAttributeLines({ cvyat: '1' }, [COLOUR], undefined, 'bg')).toEqual([
      { code: 'cvyat', label: 'Цвят', value: 'Черен' },
    ]);
  });

  it("the compare table's attribute names and values in English", () => {
    const products = [
      { sku: 'A', attributes: { cvyat: '1' } },
      { sku: 'B', attributes: { cvyat: '2' } },
    ];
    const [row] = comparisonTable(products, [COLOUR], 'en');
    expect(row).toMatchObject({ label: 'Colour', values: ['Black', 'Графитен'], differs: true, valuesLang: 'bg' });
    expect(row?.labelLang).toBeUndefined();
    expect(comparisonTable(products, [COLOUR])[0]).toMatchObject({ label: 'Цвят', values: ['Черен', 'Графитен'] });
  });
});
