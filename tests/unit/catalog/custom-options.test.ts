import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customOptionSchema, type CustomOption } from '../../../schema/catalog/catalog-product.ts';
import {
  CUSTOM_OPTIONS_INVALID,
  customOptionsPrice,
  FIELD_REQUIRED,
  validateCustomOptions,
} from '../../../schema/catalog/rules/custom-options.ts';

type OptionInput = z.input<typeof customOptionSchema>;
const option = (o: Partial<OptionInput> & Pick<OptionInput, 'option_id' | 'type' | 'values'>): CustomOption =>
  customOptionSchema.parse({ title: `Option ${o.option_id}`, is_require: false, ...o });
const value = (id: number, price: number, extra: Partial<OptionInput['values'][number]> = {}) => ({
  option_type_id: id,
  title: `Value ${id}`,
  price,
  price_type: 'fixed' as const,
  ...extra,
});

/** A MacBook Pro on sale: 3 999 лв normally, 3 599 лв now (net stotinki). */
const base = { price: 359_900, originalPrice: 399_900 };
const APPLECARE = option({ option_id: 1, type: 'checkbox', values: [value(11, 59_900)] });
const ENGRAVING = option({ option_id: 2, type: 'field', values: [value(21, 2_000)] });
const INSURANCE = option({ option_id: 3, type: 'radio', values: [value(31, 10, { price_type: 'percent' })] });
const RAM = option({
  option_id: 4,
  type: 'radio',
  is_require: true,
  values: [value(41, 0, { is_upgrade: true }), value(42, 80_000, { is_upgrade: true })],
});
const CHIP = option({
  option_id: 5,
  type: 'select',
  values: [value(51, 10, { is_upgrade: true, price_type: 'percent' })],
});

// Spec section 4: "Changing custom options updates the price: fixed prices are added, and an upgrade option replaces
// the base with the original price plus the delta."
describe('the price with custom options', () => {
  it('given no option chosen, then the price is the base price', () => {
    expect(customOptionsPrice(base, [APPLECARE, ENGRAVING], {})).toBe(359_900);
  });

  it('given fixed-price options chosen, then their prices are added to the base', () => {
    const price = customOptionsPrice(base, [APPLECARE, ENGRAVING], { 1: [11], 2: 'За Мария' });
    expect(price).toBe(359_900 + 59_900 + 2_000);
  });

  it('given a percent-priced option, then it adds that percent of the base, half-up to the stotinka', () => {
    expect(customOptionsPrice(base, [INSURANCE], { 3: 31 })).toBe(359_900 + 35_990);
    expect(customOptionsPrice({ price: 12_345, originalPrice: 12_345 }, [INSURANCE], { 3: 31 })).toBe(12_345 + 1_235);
  });

  it('given an upgrade option, then the base becomes the original price plus the delta (the sale price gives way)', () => {
    expect(customOptionsPrice(base, [RAM], { 4: 42 })).toBe(399_900 + 80_000);
  });

  it('given the upgrade that costs nothing (the stock configuration), then the price is the original price', () => {
    expect(customOptionsPrice(base, [RAM], { 4: 41 })).toBe(399_900);
  });

  it('given an upgrade and an extra, then the extra is added on top of the upgraded base', () => {
    expect(customOptionsPrice(base, [RAM, APPLECARE], { 4: 42, 1: [11] })).toBe(399_900 + 80_000 + 59_900);
  });

  it('given two upgrades, one a percent, then both deltas are added to the original price (percent of it)', () => {
    expect(customOptionsPrice(base, [RAM, CHIP], { 4: 42, 5: 51 })).toBe(399_900 + 80_000 + 39_990);
  });

  it('given an unchecked checkbox or an empty field, then it adds nothing', () => {
    expect(customOptionsPrice(base, [APPLECARE, ENGRAVING], { 1: [], 2: '   ' })).toBe(359_900);
    expect(customOptionsPrice(base, [APPLECARE], { 1: true })).toBe(359_900 + 59_900);
  });
});

// Spec section 5: "Custom option rule 'required' (only for options marked required): the value must not be empty,
// false or 0. Message 'Field is required.'" and "Failure sets the product error 'Please configure product custom
// options and fix the validation errors'".
describe('validating custom options', () => {
  const REQUIRED_TEXT = option({ option_id: 7, type: 'field', is_require: true, values: [] });

  it('given every required option answered, then the options are valid', () => {
    expect(validateCustomOptions([RAM, REQUIRED_TEXT, APPLECARE], { 4: 41, 7: 'Иван' })).toEqual({ ok: true });
  });

  it('given a required option empty, false or 0, then "Field is required." and the custom-options product error', () => {
    for (const empty of ['', false, 0, null, undefined, [], '  ']) {
      expect(validateCustomOptions([RAM], { 4: empty })).toEqual({
        ok: false,
        error: CUSTOM_OPTIONS_INVALID,
        fieldErrors: { 4: FIELD_REQUIRED },
      });
    }
    expect(FIELD_REQUIRED).toBe('Field is required.');
    expect(CUSTOM_OPTIONS_INVALID).toBe('Please configure product custom options and fix the validation errors');
  });

  it('given an option not marked required left empty, then it is valid', () => {
    expect(validateCustomOptions([APPLECARE, ENGRAVING], {})).toEqual({ ok: true });
  });

  it('given a required choice naming no value of the option, then it is not answered', () => {
    expect(validateCustomOptions([RAM], { 4: 999 })).toMatchObject({ ok: false, fieldErrors: { 4: FIELD_REQUIRED } });
  });

  it('given two required options unanswered, then each carries the message', () => {
    expect(validateCustomOptions([RAM, REQUIRED_TEXT], {})).toMatchObject({
      fieldErrors: { 4: FIELD_REQUIRED, 7: FIELD_REQUIRED },
    });
  });
});
