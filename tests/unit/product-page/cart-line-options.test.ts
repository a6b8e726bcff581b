import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bundleOptionSchema,
  customOptionSchema,
  type BundleOption,
  type CustomOption,
} from '../../../schema/catalog/catalog-product.ts';
import { lineOptionsSchema } from '../../../schema/cart/cart.ts';
import { LINE_OPTION_TEXT_MAX } from '../../../schema/cart/line-options.ts';
import { bundleLineOptions, customOptionsLineOptions } from '../../../client/catalog/product/cart-line-options.ts';

type OptionInput = z.input<typeof customOptionSchema>;
const option = (o: Partial<OptionInput> & Pick<OptionInput, 'option_id' | 'type' | 'title'>): CustomOption =>
  customOptionSchema.parse({ is_require: false, values: [], ...o });
const value = (id: number, title: string, price = 0) => ({
  option_type_id: id,
  title,
  price,
  price_type: 'fixed' as const,
});

const BAND = option({
  option_id: 1,
  title: 'Размер на каишката',
  type: 'radio',
  values: [value(11, 'S'), value(12, 'M')],
});
const APPLECARE = option({ option_id: 2, title: 'AppleCare+', type: 'checkbox', values: [value(21, '2 години', 100)] });
const ENGRAVING = option({ option_id: 3, title: 'Гравиране', type: 'field', values: [value(31, 'Текст', 50)] });
const EXTRAS = option({
  option_id: 4,
  title: 'Екстри',
  type: 'checkbox',
  values: [value(41, 'Калъф'), value(42, 'Зарядно')],
});

describe('custom options -> the cart line options, by ids', () => {
  it('given a radio, a lone checkbox and a field answered, then each lands under its option id', () => {
    const line = customOptionsLineOptions([BAND, APPLECARE, ENGRAVING], { 1: 12, 2: true, 3: '  За Мария ' });
    expect(line).toEqual({ 'custom:1': '12', 'custom:2': '21', 'custom:3': 'За Мария' });
    expect(lineOptionsSchema.safeParse(line).success).toBe(true);
  });

  it('given a checkbox group ticked in any order, then its ids are listed ascending', () => {
    expect(customOptionsLineOptions([EXTRAS], { 4: [42, 41] })).toEqual({ 'custom:4': '41,42' });
  });

  it('given options left empty (nothing chosen, a blank field, an unknown value), then they are left out', () => {
    expect(customOptionsLineOptions([BAND, ENGRAVING, EXTRAS], { 1: 99, 3: '   ', 4: [] })).toEqual({});
  });

  it('given two options with the same title, then their ids keep them apart', () => {
    const twin = option({ ...BAND, option_id: 9, values: [value(91, 'L')] });
    expect(customOptionsLineOptions([BAND, twin], { 1: 11, 9: 91 })).toEqual({ 'custom:1': '11', 'custom:9': '91' });
  });

  it('given a very long engraving, then the value is cut to what a cart line holds', () => {
    const line = customOptionsLineOptions([ENGRAVING], { 3: 'я'.repeat(500) });
    expect(line['custom:3']).toHaveLength(LINE_OPTION_TEXT_MAX);
    expect(lineOptionsSchema.safeParse(line).success).toBe(true);
  });
});

const bundleOption = (o: z.input<typeof bundleOptionSchema>): BundleOption => bundleOptionSchema.parse(o);
const link = (id: number, name: string, isDefault = false) => ({
  id,
  sku: `SKU-${id}`,
  qty: 1,
  is_default: isDefault,
  price: 10_000,
  name,
});
const MAC = bundleOption({
  option_id: 1,
  title: 'Компютър',
  required: true,
  product_links: [link(1, 'MacBook Air', true)],
});
const MOUSE = bundleOption({ option_id: 2, title: 'Мишка', required: false, product_links: [link(2, 'Magic Mouse')] });

describe('bundle choices -> the cart line options, by ids', () => {
  it('given chosen items and quantities, then each option names its quantity and link ids', () => {
    expect(bundleLineOptions([MAC, MOUSE], { 1: { linkIds: [1], qty: 1 }, 2: { linkIds: [2], qty: 2 } })).toEqual({
      'bundle:1': '1x1',
      'bundle:2': '2x2',
    });
  });

  it('given an option with quantity 0 or nothing chosen, then it is left out', () => {
    expect(bundleLineOptions([MAC, MOUSE], { 1: { linkIds: [1], qty: 0 } })).toEqual({});
  });
});
