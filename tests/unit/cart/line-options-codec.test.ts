import { describe, expect, it } from 'vitest';
import { bundleOptionSchema, customOptionSchema } from '../../../schema/catalog/catalog-product.ts';
import { lineOptionsSchema } from '../../../schema/cart/cart.ts';
import {
  bundleSelectionOf,
  customAnswersOf,
  decodeLineOptions,
  encodeBundleSelection,
  encodeCustomOptions,
} from '../../../schema/cart/line-options.ts';

const value = (option_type_id: number, title: string) => ({ option_type_id, title, price: 0, price_type: 'fixed' });
const BAND = customOptionSchema.parse({
  option_id: 1,
  title: 'Размер на каишката',
  type: 'radio',
  is_require: true,
  values: [value(11, 'S'), value(12, 'M')],
});
const EXTRAS = customOptionSchema.parse({
  option_id: 4,
  title: 'Екстри',
  type: 'checkbox',
  is_require: false,
  values: [value(41, 'Калъф'), value(42, 'Зарядно')],
});
const ENGRAVING = customOptionSchema.parse({
  option_id: 3,
  title: 'Гравиране',
  type: 'field',
  is_require: false,
  values: [value(31, 'Гравиране')],
});
const CUSTOM = [BAND, EXTRAS, ENGRAVING];

const link = (id: number) => ({ id, sku: `SKU-${id}`, qty: 1, is_default: false, price: 100 });
const COMPUTER = bundleOptionSchema.parse({
  option_id: 1,
  title: 'Компютър',
  required: true,
  type: 'radio',
  product_links: [link(1), link(2)],
});
const MICE = bundleOptionSchema.parse({
  option_id: 2,
  title: 'Мишки',
  required: false,
  type: 'checkbox',
  product_links: [link(3), link(4)],
});
const BUNDLE = [COMPUTER, MICE];

describe('the line options codec: custom options by ids', () => {
  it('given answers, when encoded and decoded, then the same answers come back', () => {
    const answers = { 1: 12, 4: [42, 41], 3: 'За Мария' };
    const line = encodeCustomOptions(CUSTOM, answers);
    expect(line).toEqual({ 'custom:1': '12', 'custom:4': '41,42', 'custom:3': 'За Мария' });
    expect(lineOptionsSchema.safeParse(line).success).toBe(true);
    const decoded = decodeLineOptions(line)!;
    expect(customAnswersOf(CUSTOM, decoded.custom)).toEqual({ 1: 12, 4: [41, 42], 3: 'За Мария' });
  });

  it('given ids in another order or repeated, when read, then they are the same answer', () => {
    const decoded = decodeLineOptions({ 'custom:4': '42,41,42' })!;
    expect(customAnswersOf(CUSTOM, decoded.custom)).toEqual({ 4: [41, 42] });
  });

  it.each([
    ['an option the product does not have', { 'custom:9': '12' }],
    ['a value the option does not have', { 'custom:1': '99' }],
    ['two values for a radio', { 'custom:1': '11,12' }],
    ['a blank field', { 'custom:3': '   ' }],
    ['a value that is no id', { 'custom:1': 'M' }],
  ])('given %s, then the answers are refused', (_, options) => {
    const decoded = decodeLineOptions(options)!;
    expect(customAnswersOf(CUSTOM, decoded.custom)).toBeNull();
  });
});

describe('the line options codec: bundle items by ids', () => {
  it('given a selection, when encoded and decoded, then the same selection comes back', () => {
    const line = encodeBundleSelection(BUNDLE, { 1: { linkIds: [2], qty: 1 }, 2: { linkIds: [4, 3], qty: 2 } });
    expect(line).toEqual({ 'bundle:1': '1x2', 'bundle:2': '2x3,4' });
    const decoded = decodeLineOptions(line)!;
    expect(bundleSelectionOf(BUNDLE, decoded.bundle)).toEqual({
      1: { linkIds: [2], qty: 1 },
      2: { linkIds: [3, 4], qty: 2 },
    });
  });

  it.each([
    ['an option the bundle does not have', { 'bundle:7': '1x1' }],
    ['a link the option does not have', { 'bundle:1': '1x3' }],
    ['two links for a radio', { 'bundle:1': '1x1,2' }],
  ])('given %s, then the selection is refused', (_, options) => {
    expect(bundleSelectionOf(BUNDLE, decodeLineOptions(options)!.bundle)).toBeNull();
  });
});

describe('the line options codec: keys', () => {
  it('given a configurable attribute, then it is kept as a plain attribute', () => {
    expect(decodeLineOptions({ cvyat: 'черен', 'custom:1': '12' })?.attributes).toEqual({ cvyat: 'черен' });
  });

  it.each([
    ['an option title (what older clients sent)', { 'AppleCare+ за 2 години': 'AppleCare+' }],
    ['a Cyrillic title', { Гравиране: 'За Мария' }],
    ['an option id that is no number', { 'custom:x': '12' }],
    ['a bundle value without a quantity', { 'bundle:1': '1' }],
    ['a bundle quantity above what a line holds', { 'bundle:1': '1000x1' }],
  ])('given %s, then the options cannot be read', (_, options) => {
    expect(decodeLineOptions(options)).toBeNull();
  });
});
