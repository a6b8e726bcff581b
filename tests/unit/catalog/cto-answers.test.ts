import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customOptionSchema, type CustomOption } from '../../../schema/catalog/catalog-product.ts';
import { ctoAnswers } from '../../../schema/catalog/rules/cto-answers.ts';

type OptionInput = z.input<typeof customOptionSchema>;
const option = (o: Partial<OptionInput> & Pick<OptionInput, 'option_id' | 'type' | 'values'>): CustomOption =>
  customOptionSchema.parse({ title: `Option ${o.option_id}`, is_require: false, ...o });
const value = (id: number, sku = '') => ({
  option_type_id: id,
  title: `Value ${id}`,
  price: 0,
  price_type: 'fixed' as const,
  sku,
});

const RAM = option({ option_id: 4, type: 'radio', values: [value(41, 'RAM16'), value(42, 'RAM32')] });
const EXTRAS = option({ option_id: 6, type: 'checkbox', values: [value(61), value(62)] });
const ENGRAVING = option({ option_id: 2, type: 'field', values: [value(21)] });
const OPTIONS = [RAM, EXTRAS, ENGRAVING];

describe('spec: "simple-product-cto (adds ctoOptions, comma-separated option values)"', () => {
  it('given option_type_ids in the address, then each chooses its radio value and ticks its checkboxes', () => {
    expect(ctoAnswers(OPTIONS, ['42', '61', '62'])).toEqual({ 4: 42, 6: [61, 62] });
  });

  it('given a value sku, then it chooses that value', () => {
    expect(ctoAnswers(OPTIONS, ['RAM16'])).toEqual({ 4: 41 });
  });

  it('given two values of one radio, then the last one counts', () => {
    expect(ctoAnswers(OPTIONS, ['41', '42'])).toEqual({ 4: 42 });
  });

  it('given values that name nothing (an old link), then they are ignored and the product still opens', () => {
    expect(ctoAnswers(OPTIONS, ['999', 'gone', '21'])).toEqual({});
  });
});
