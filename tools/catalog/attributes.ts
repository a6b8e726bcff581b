import type { Attribute } from '../../schema/catalog/attribute.ts';
import { DEFAULT_FILTERS } from '../../schema/catalog/attribute.ts';
import { categorySlug } from '../../schema/catalog/slug.ts';
import { COLOUR_ATTRIBUTE_ID, COLOURS, type ColourDef } from '../../sync-server/catalog/catalog-colours.ts';
import { ALL_DEVICE_MODELS } from './families.ts';

const COLOUR_BY_KEY = new Map(COLOURS.map((c) => [c.key, c]));

export const colourByKey = (key: string): ColourDef => {
  const colour = COLOUR_BY_KEY.get(key);
  if (!colour) throw new Error(`unknown colour ${key}`);
  return colour;
};

/** The colour as it reads inside a product name: "iPhone 17, 256 GB, черен". */
export const colourInName = (key: string): string => {
  const { label } = colourByKey(key);
  return label.startsWith('(') ? label : label.toLowerCase();
};

export const KEYBOARD_BDS = 'Кирилизирана (БДС)';
export const KEYBOARD_US = 'US English';
const KEYBOARD_BDS_EN = 'Bulgarian Cyrillic (BDS)';

/** Bulgarian labels of the flag options and the listing routes' flags (catalogue.md: /new-apple-products ...). */
export const FLAGS = [
  { slug: 'new', label: 'Ново', labelEn: 'New' },
  { slug: 'sale', label: 'Промоция', labelEn: 'Sale' },
  { slug: 'pre-order', label: 'Предварителна поръчка', labelEn: 'Pre-order' },
  { slug: 'bundle', label: 'Комплект', labelEn: 'Bundle' },
  { slug: 'special-offers', label: 'Специална оферта', labelEn: 'Special offer' },
] as const;
export type FlagSlug = (typeof FLAGS)[number]['slug'];

interface OptionDef {
  label: string;
  /** The English label (issue 19); without one, a label with no Cyrillic letter ('256 GB', 'Apple M4') is its own. */
  labelEn?: string;
  slug?: string;
}

interface AttributeDef {
  code: string;
  id: number;
  label: string;
  /** The filter's and the compare table's name in English (issue 19). */
  labelEn: string;
  input: Attribute['frontend_input'];
  filterable: boolean;
  comparable: boolean;
  options: readonly OptionDef[];
}

/** Display sizes: the slug of '13,6"' is '13-6-inch' (the spec's '"' -> '-inch', a decimal comma as a hyphen). */
// prettier-ignore
const DISPLAY_SIZES = ['4"', '5,4"', '6,1"', '6,3"', '6,5"', '6,7"', '6,9"', '8,3"', '10,2"', '11"', '12,9"', '13"', '14"', '15"', '16"', '24"', '27"', '32"'];
const DISKS = ['32 GB', '64 GB', '128 GB', '256 GB', '500 GB', '512 GB', '1 TB', '2 TB', '4 TB', '8 TB'];
const RAMS = ['8 GB', '12 GB', '16 GB', '24 GB', '32 GB', '36 GB', '48 GB', '64 GB', '96 GB', '128 GB', '192 GB'];
const PROCESSORS = [
  'Apple M1',
  'Apple M2',
  'Apple M3',
  'Apple M4',
  'Apple M4 Pro',
  'Apple M4 Max',
  'Apple M5',
  'Apple M2 Ultra',
  'Apple M3 Ultra',
  'Intel Core i5',
  'Intel Core i7',
  'Intel Core i9',
  'Intel Xeon W',
  'A10 Fusion',
  'A13 Bionic',
  'A14 Bionic',
  'A15 Bionic',
  'A16',
  'A16 Bionic',
  'A17 Pro',
  'A18',
  'A18 Pro',
  'A19',
  'A19 Pro',
];
const SIZES = ['40 мм', '41 мм', '42 мм', '44 мм', '45 мм', '46 мм', '49 мм'];

/** Model names that hold Bulgarian words, in English (every other model's name is Apple's, the same in both). */
const MODEL_LABELS_EN: Readonly<Record<string, string>> = {
  'iPad 10,2" (9. поколение, 2021)': 'iPad 10.2" (9th generation, 2021)',
  'iPod touch (7. поколение, 2019)': 'iPod touch (7th generation, 2019)',
};

const modelLabels = [...new Set(ALL_DEVICE_MODELS.map((m) => m.modelLabel))];

const ATTRIBUTE_DEFS: readonly AttributeDef[] = [
  {
    code: 'cvyat',
    id: COLOUR_ATTRIBUTE_ID,
    label: 'Цвят',
    labelEn: 'Colour',
    input: 'select',
    filterable: true,
    comparable: true,
    options: COLOURS.map((c) => ({ label: c.label, labelEn: c.labelEn })),
  },
  {
    code: 'cena',
    id: 77,
    label: 'Цена',
    labelEn: 'Price',
    input: 'price',
    filterable: true,
    comparable: true,
    options: [],
  },
  {
    code: 'displey',
    id: 142,
    label: 'Дисплей',
    labelEn: 'Display',
    input: 'select',
    filterable: true,
    comparable: true,
    // English writes a decimal point: 6,1" is 6.1".
    options: DISPLAY_SIZES.map((label) => ({
      label,
      labelEn: label.replace(',', '.'),
      slug: categorySlug(label.replace(',', '-')),
    })),
  },
  {
    code: 'disk',
    id: 143,
    label: 'Капацитет',
    labelEn: 'Storage',
    input: 'select',
    filterable: true,
    comparable: true,
    options: DISKS.map((label) => ({ label })),
  },
  {
    code: 'ram',
    id: 144,
    label: 'Оперативна памет',
    labelEn: 'RAM',
    input: 'select',
    filterable: true,
    comparable: true,
    options: RAMS.map((label) => ({ label })),
  },
  {
    code: 'procesor',
    id: 145,
    label: 'Процесор',
    labelEn: 'Processor',
    input: 'select',
    filterable: true,
    comparable: true,
    options: PROCESSORS.map((label) => ({ label })),
  },
  {
    code: 'klaviatura',
    id: 146,
    label: 'Клавиатура',
    labelEn: 'Keyboard',
    input: 'select',
    filterable: true,
    comparable: true,
    options: [{ label: KEYBOARD_BDS, labelEn: KEYBOARD_BDS_EN }, { label: KEYBOARD_US }],
  },
  {
    code: 'touchbar',
    id: 147,
    label: 'Touch Bar',
    labelEn: 'Touch Bar',
    input: 'select',
    filterable: true,
    comparable: true,
    options: [
      { label: 'Да', labelEn: 'Yes', slug: 'da' },
      { label: 'Не', labelEn: 'No', slug: 'ne' },
    ],
  },
  {
    code: 'flag',
    id: 148,
    label: 'Етикет',
    labelEn: 'Label',
    input: 'multiselect',
    filterable: true,
    comparable: false,
    options: FLAGS.map((f) => ({ label: f.label, labelEn: f.labelEn, slug: f.slug })),
  },
  {
    code: 'model',
    id: 149,
    label: 'Модел',
    labelEn: 'Model',
    input: 'select',
    filterable: true,
    comparable: true,
    options: modelLabels.map((label) => ({
      label,
      ...(MODEL_LABELS_EN[label] ? { labelEn: MODEL_LABELS_EN[label] } : {}),
    })),
  },
  {
    code: 'razmer',
    id: 150,
    label: 'Размер',
    labelEn: 'Size',
    input: 'select',
    filterable: true,
    comparable: true,
    options: SIZES.map((label) => ({ label, labelEn: label.replace('мм', 'mm') })),
  },
];

/** Option value ids: the attribute id then the option's place, as strings ('93001'), stable across seeds. */
const optionValueOf = (def: AttributeDef, index: number): string => `${def.id}${String(index + 1).padStart(3, '0')}`;

const filterPosition = (code: string): number => {
  const index = (DEFAULT_FILTERS as readonly string[]).indexOf(code);
  return index === -1 ? DEFAULT_FILTERS.length : index;
};

const CYRILLIC = /[\u0400-\u04FF]/;

/** An option's English label: its own, else the Bulgarian one when that has no Bulgarian word in it. */
const englishOptionLabel = (option: OptionDef): string | undefined =>
  option.labelEn ?? (CYRILLIC.test(option.label) ? undefined : option.label);

export const buildAttributes = (): Attribute[] =>
  ATTRIBUTE_DEFS.map((def) => ({
    attribute_id: def.id,
    id: def.id,
    attribute_code: def.code,
    frontend_label: def.label,
    default_frontend_label: def.label,
    frontend_label_en: def.labelEn,
    frontend_input: def.input,
    options: def.options.map((option, index) => {
      const labelEn = englishOptionLabel(option);
      return {
        value: optionValueOf(def, index),
        label: option.label,
        ...(labelEn === undefined ? {} : { label_en: labelEn }),
        slug: option.slug ?? categorySlug(option.label),
      };
    }),
    is_visible_on_front: true,
    is_comparable: def.comparable,
    is_user_defined: true,
    is_visible: true,
    is_filterable: def.filterable,
    position: filterPosition(def.code),
  }));

const DEF_BY_CODE = new Map(ATTRIBUTE_DEFS.map((def) => [def.code, def]));
const VALUE_BY_LABEL = new Map<string, string>();
for (const def of ATTRIBUTE_DEFS) {
  def.options.forEach((option, index) =>
    VALUE_BY_LABEL.set(`${def.code}\u0000${option.label}`, optionValueOf(def, index)),
  );
}
COLOURS.forEach((colour, index) =>
  VALUE_BY_LABEL.set(`cvyat-key\u0000${colour.key}`, `${COLOUR_ATTRIBUTE_ID}${String(index + 1).padStart(3, '0')}`),
);
FLAGS.forEach((flag, index) =>
  VALUE_BY_LABEL.set(`flag-slug\u0000${flag.slug}`, `148${String(index + 1).padStart(3, '0')}`),
);

/** The option value of an attribute's label; throws on a label the attribute does not have (a typo in the data). */
export const optionValue = (code: string, label: string): string => {
  const value = VALUE_BY_LABEL.get(`${code}\u0000${label}`);
  if (value === undefined) throw new Error(`attribute ${code} has no option "${label}"`);
  return value;
};
export const colourValue = (key: string): string => {
  const value = VALUE_BY_LABEL.get(`cvyat-key\u0000${key}`);
  if (value === undefined) throw new Error(`unknown colour ${key}`);
  return value;
};
export const flagValue = (slug: FlagSlug): string => VALUE_BY_LABEL.get(`flag-slug\u0000${slug}`) as string;

export const attributeLabel = (code: string): string => DEF_BY_CODE.get(code)?.label ?? code;
