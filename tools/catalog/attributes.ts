import type { Attribute } from '../../schema/catalog/attribute.ts';
import { DEFAULT_FILTERS } from '../../schema/catalog/attribute.ts';
import { categorySlug } from '../../schema/catalog/slug.ts';
import { ALL_DEVICE_MODELS } from './families.ts';

/** A colour of the catalogue: the `cvyat` option, and the fill of the product's generated image. */
export interface ColourDef {
  key: string;
  label: string;
  hex: string;
}

export const COLOURS: readonly ColourDef[] = [
  { key: 'silver', label: 'Сребрист', hex: '#e3e4e5' },
  { key: 'space-gray', label: 'Тъмносив', hex: '#7d7e80' },
  { key: 'space-black', label: 'Космическо черно', hex: '#2e2c2e' },
  { key: 'midnight', label: 'Полунощно син', hex: '#2e3642' },
  { key: 'starlight', label: 'Звездна светлина', hex: '#f0e5d3' },
  { key: 'sky-blue', label: 'Небесносин', hex: '#c6d7e5' },
  { key: 'black', label: 'Черен', hex: '#1d1d1f' },
  { key: 'white', label: 'Бял', hex: '#f5f5f2' },
  { key: 'blue', label: 'Син', hex: '#4f7ba8' },
  { key: 'purple', label: 'Лилав', hex: '#b8a6d9' },
  { key: 'pink', label: 'Розов', hex: '#f2c4cf' },
  { key: 'orange', label: 'Оранжев', hex: '#f0a35e' },
  { key: 'yellow', label: 'Жълт', hex: '#f5d76e' },
  { key: 'green', label: 'Зелен', hex: '#9cc7a4' },
  { key: 'teal', label: 'Тюркоазен', hex: '#8fd3d0' },
  { key: 'ultramarine', label: 'Ултрамарин', hex: '#5b6ee1' },
  { key: 'cosmic-orange', label: 'Космически оранжев', hex: '#e4743a' },
  { key: 'deep-blue', label: 'Дълбоко син', hex: '#2f3d5c' },
  { key: 'mist-blue', label: 'Мъглявосин', hex: '#a9bfd6' },
  { key: 'sage', label: 'Салвия', hex: '#b5c4a8' },
  { key: 'lavender', label: 'Лавандула', hex: '#c9b8e0' },
  { key: 'cloud-white', label: 'Облачно бял', hex: '#f3f3f1' },
  { key: 'light-gold', label: 'Светлозлатист', hex: '#e8d8b8' },
  { key: 'natural-titanium', label: 'Естествен титан', hex: '#bab4a9' },
  { key: 'black-titanium', label: 'Черен титан', hex: '#3c3b39' },
  { key: 'jet-black', label: 'Дълбоко черен', hex: '#0f0f10' },
  { key: 'rose-gold', label: 'Розово злато', hex: '#e6c2b4' },
  { key: 'gold', label: 'Златист', hex: '#e9d3a6' },
  { key: 'red', label: '(PRODUCT)RED', hex: '#c8102e' },
  { key: 'clear', label: 'Прозрачен', hex: '#dfe8ee' },
  { key: 'brown', label: 'Кафяв', hex: '#7b5136' },
  { key: 'olive', label: 'Маслинен', hex: '#707d55' },
  { key: 'sand', label: 'Пясъчен', hex: '#d8c7a3' },
  { key: 'plum', label: 'Сливов', hex: '#6e3b5c' },
];

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

/** Bulgarian labels of the flag options and the listing routes' flags (catalogue.md: /new-apple-products ...). */
export const FLAGS = [
  { slug: 'new', label: 'Ново' },
  { slug: 'sale', label: 'Промоция' },
  { slug: 'pre-order', label: 'Предварителна поръчка' },
  { slug: 'bundle', label: 'Комплект' },
  { slug: 'special-offers', label: 'Специална оферта' },
] as const;
export type FlagSlug = (typeof FLAGS)[number]['slug'];

interface OptionDef {
  label: string;
  slug?: string;
}

interface AttributeDef {
  code: string;
  id: number;
  label: string;
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

const modelLabels = [...new Set(ALL_DEVICE_MODELS.map((m) => m.modelLabel))];

const ATTRIBUTE_DEFS: readonly AttributeDef[] = [
  {
    code: 'cvyat',
    id: 93,
    label: 'Цвят',
    input: 'select',
    filterable: true,
    comparable: true,
    options: COLOURS.map((c) => ({ label: c.label })),
  },
  { code: 'cena', id: 77, label: 'Цена', input: 'price', filterable: true, comparable: true, options: [] },
  {
    code: 'displey',
    id: 142,
    label: 'Дисплей',
    input: 'select',
    filterable: true,
    comparable: true,
    options: DISPLAY_SIZES.map((label) => ({ label, slug: categorySlug(label.replace(',', '-')) })),
  },
  {
    code: 'disk',
    id: 143,
    label: 'Капацитет',
    input: 'select',
    filterable: true,
    comparable: true,
    options: DISKS.map((label) => ({ label })),
  },
  {
    code: 'ram',
    id: 144,
    label: 'Оперативна памет',
    input: 'select',
    filterable: true,
    comparable: true,
    options: RAMS.map((label) => ({ label })),
  },
  {
    code: 'procesor',
    id: 145,
    label: 'Процесор',
    input: 'select',
    filterable: true,
    comparable: true,
    options: PROCESSORS.map((label) => ({ label })),
  },
  {
    code: 'klaviatura',
    id: 146,
    label: 'Клавиатура',
    input: 'select',
    filterable: true,
    comparable: true,
    options: [{ label: KEYBOARD_BDS }, { label: KEYBOARD_US }],
  },
  {
    code: 'touchbar',
    id: 147,
    label: 'Touch Bar',
    input: 'select',
    filterable: true,
    comparable: true,
    options: [
      { label: 'Да', slug: 'da' },
      { label: 'Не', slug: 'ne' },
    ],
  },
  {
    code: 'flag',
    id: 148,
    label: 'Етикет',
    input: 'multiselect',
    filterable: true,
    comparable: false,
    options: FLAGS.map((f) => ({ label: f.label, slug: f.slug })),
  },
  {
    code: 'model',
    id: 149,
    label: 'Модел',
    input: 'select',
    filterable: true,
    comparable: true,
    options: modelLabels.map((label) => ({ label })),
  },
  {
    code: 'razmer',
    id: 150,
    label: 'Размер',
    input: 'select',
    filterable: true,
    comparable: true,
    options: SIZES.map((label) => ({ label })),
  },
];

/** Option value ids: the attribute id then the option's place, as strings ('93001'), stable across seeds. */
const optionValueOf = (def: AttributeDef, index: number): string => `${def.id}${String(index + 1).padStart(3, '0')}`;

const filterPosition = (code: string): number => {
  const index = (DEFAULT_FILTERS as readonly string[]).indexOf(code);
  return index === -1 ? DEFAULT_FILTERS.length : index;
};

export const buildAttributes = (): Attribute[] =>
  ATTRIBUTE_DEFS.map((def) => ({
    attribute_id: def.id,
    id: def.id,
    attribute_code: def.code,
    frontend_label: def.label,
    default_frontend_label: def.label,
    frontend_input: def.input,
    options: def.options.map((option, index) => ({
      value: optionValueOf(def, index),
      label: option.label,
      slug: option.slug ?? categorySlug(option.label),
    })),
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
  VALUE_BY_LABEL.set(`cvyat-key\u0000${colour.key}`, `93${String(index + 1).padStart(3, '0')}`),
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

/** Colour of a `cvyat` option value, for the product image; undefined for an unknown value. */
export const colourOfValue = (value: string): ColourDef | undefined => {
  if (!value.startsWith('93') || value.length !== 5) return undefined;
  return COLOURS[Number(value.slice(2)) - 1];
};
