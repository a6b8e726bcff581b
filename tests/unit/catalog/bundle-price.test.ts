import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bundleOptionSchema, type BundleOption } from '../../../schema/catalog/catalog-product.ts';
import {
  BUNDLE_OPTIONS_INVALID,
  bundleChoiceQty,
  bundlePrice,
  defaultBundlePrice,
  defaultBundleSelection,
  MUST_BE_GREATER_THAN_ZERO,
  validateBundleOptions,
} from '../../../schema/catalog/rules/bundle-price.ts';

const link = (id: number, price: number, qty = 1, is_default = false) => ({
  id,
  sku: `L${id}`,
  price,
  qty,
  is_default,
});
type BundleOptionInput = z.input<typeof bundleOptionSchema>;
const bundleOption = (
  o: Pick<BundleOptionInput, 'option_id' | 'product_links'> & Partial<BundleOptionInput>,
): BundleOption => bundleOptionSchema.parse({ title: `Option ${o.option_id}`, required: true, ...o });

/** "Комплект": an iPad, a Pencil, and optional cases. */
const bundle = {
  bundle_options: [
    bundleOption({ option_id: 1, product_links: [link(11, 119_900), link(12, 149_900, 1, true)] }),
    bundleOption({ option_id: 2, product_links: [link(21, 24_900, 1, true)] }),
    bundleOption({
      option_id: 3,
      required: false,
      type: 'checkbox',
      product_links: [link(31, 4_990, 2), link(32, 6_990)],
    }),
  ],
};

// Spec section 4: "Bundle options set the price to the sum of price times quantity over the selected items."
describe('the bundle price', () => {
  it('given items selected with quantities, then the price is the sum of price times quantity', () => {
    const price = bundlePrice(bundle, { 1: { linkIds: [11], qty: 1 }, 2: { linkIds: [21], qty: 2 } });
    expect(price).toBe(119_900 + 2 * 24_900);
  });

  it('given several items of one checkbox option, then each counts at the option quantity', () => {
    expect(bundlePrice(bundle, { 3: { linkIds: [31, 32], qty: 3 } })).toBe(3 * (4_990 + 6_990));
  });

  it('given a choice without a quantity, then the quantity defaults to 1', () => {
    expect(bundlePrice(bundle, { 1: { linkIds: [12] } })).toBe(149_900);
  });

  it('given a quantity of 0, then the item adds nothing; a negative one is held at the minimum 0', () => {
    expect(bundlePrice(bundle, { 2: { linkIds: [21], qty: 0 } })).toBe(0);
    expect(bundlePrice(bundle, { 1: { linkIds: [11] }, 2: { linkIds: [21], qty: -3 } })).toBe(119_900);
    expect(bundleChoiceQty({ linkIds: [], qty: Number.NaN })).toBe(0);
    expect(bundleChoiceQty({ linkIds: [], qty: 2.7 })).toBe(2);
  });

  it('given a selected id that is no link of the option, then it adds nothing', () => {
    expect(bundlePrice(bundle, { 1: { linkIds: [99], qty: 1 } })).toBe(0);
  });
});

// Spec section 4: "A bundle's default price is the sum of the default (or first) link per option times its qty."
describe('the bundle default price', () => {
  it('given default links, or the first link where none is default, then their prices times their qty are summed', () => {
    expect(defaultBundlePrice(bundle)).toBe(149_900 + 24_900 + 2 * 4_990);
  });

  it('given the default selection, then it prices at the default price', () => {
    expect(defaultBundleSelection(bundle)).toEqual({
      1: { linkIds: [12], qty: 1 },
      2: { linkIds: [21], qty: 1 },
      3: { linkIds: [31], qty: 2 },
    });
    expect(bundlePrice(bundle, defaultBundleSelection(bundle))).toBe(defaultBundlePrice(bundle));
  });

  it('given an option without links, then it adds nothing', () => {
    expect(defaultBundlePrice({ bundle_options: [bundleOption({ option_id: 9, product_links: [] })] })).toBe(0);
  });
});

// Spec section 5: "Bundle rule 'gtzero' (required bundle options): quantity and selected item must be greater than
// 0. Message 'Must be greater than 0'." and "Failure sets the product error 'Please configure product bundle options
// and fix the validation errors'".
describe('validating bundle options', () => {
  it('given each required option with an item and a quantity above 0, then the bundle is valid', () => {
    expect(validateBundleOptions(bundle, { 1: { linkIds: [11], qty: 1 }, 2: { linkIds: [21] } })).toEqual({ ok: true });
  });

  it('given a required option with quantity 0, then "Must be greater than 0" and the bundle product error', () => {
    expect(validateBundleOptions(bundle, { 1: { linkIds: [11], qty: 0 }, 2: { linkIds: [21] } })).toEqual({
      ok: false,
      error: BUNDLE_OPTIONS_INVALID,
      fieldErrors: { 1: MUST_BE_GREATER_THAN_ZERO },
    });
    expect(MUST_BE_GREATER_THAN_ZERO).toBe('Must be greater than 0');
    expect(BUNDLE_OPTIONS_INVALID).toBe('Please configure product bundle options and fix the validation errors');
  });

  it('given a required option with no item selected (or an id 0), then it fails', () => {
    expect(validateBundleOptions(bundle, { 1: { linkIds: [] }, 2: { linkIds: [0] } })).toMatchObject({
      fieldErrors: { 1: MUST_BE_GREATER_THAN_ZERO, 2: MUST_BE_GREATER_THAN_ZERO },
    });
    expect(validateBundleOptions(bundle, {})).toMatchObject({ ok: false });
  });

  it('given an optional option left out or at quantity 0, then it is valid', () => {
    const required = { 1: { linkIds: [11] }, 2: { linkIds: [21] } };
    expect(validateBundleOptions(bundle, { ...required, 3: { linkIds: [31], qty: 0 } })).toEqual({ ok: true });
  });
});
