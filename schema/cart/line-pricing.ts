import {
  bundleChoiceQty,
  bundlePrice,
  defaultBundleSelection,
  validateBundleOptions,
  type BundleChoice,
} from '../catalog/rules/bundle-price.ts';
import { customOptionsPrice, validateCustomOptions } from '../catalog/rules/custom-options.ts';
import type { Product, ProductOptions } from '../catalog/product.ts';
import { addTax } from '../catalog/tax.ts';
import type { LineOptionLabel, LineOptions } from './cart.ts';
import {
  bundleLabels,
  bundleSelectionOf,
  customAnswersOf,
  customOptionLabels,
  decodeLineOptions,
  encodeBundleSelection,
  encodeCustomOptions,
} from './line-options.ts';
import { contradictedAttribute } from './line-variant.ts';

/**
 * What one unit of a cart line costs with the options it carries, by the rules the product page shows its live
 * price with, so the cart charges what the page showed:
 * - custom options: the product's price with VAT, plus the VAT-inclusive difference `customOptionsPrice` makes
 *   (fixed and percent surcharges, upgrades from the normal price);
 * - a bundle: `bundlePrice` of the chosen items, plus VAT; a bundle added by its sku alone (a tile's button) is
 *   its default selection, the price its tile shows (spec section 4).
 */

/** Units of another sku one unit of the line takes: a bundle's chosen items. */
export interface LinePart {
  readonly sku: string;
  readonly perUnit: number;
  readonly isInStock: boolean;
  /** Null when the shop keeps no stock figure for the part. */
  readonly stockQty: number | null;
}

export interface PricedLine {
  readonly unitPriceInclTax: number;
  /** The options re-encoded canonically: the line is keyed by them. */
  readonly options: LineOptions;
  readonly labels: LineOptionLabel[];
  readonly parts: LinePart[];
  /** True for a plain line (no custom option values, not a bundle): only it takes tier prices (tier-pricing.ts). */
  readonly tierable: boolean;
}

/** Why a line's options cannot be priced (codes of CART_REFUSALS). */
export type LineOptionsRefusal = 'options_invalid' | 'custom_options_invalid' | 'bundle_options_invalid';

export type LinePricing =
  { kind: 'priced'; line: PricedLine } | { kind: 'refused'; code: LineOptionsRefusal; field?: string };

const priced = (line: PricedLine): LinePricing => ({ kind: 'priced', line });
const refused = (code: LineOptionsRefusal, field?: string): LinePricing => ({
  kind: 'refused',
  code,
  ...(field ? { field } : {}),
});

const LABEL_VALUE_MAX = 400;
const labelled = (labels: LineOptionLabel[]): LineOptionLabel[] =>
  labels.map(({ name, value }) => ({
    name: name.slice(0, 200),
    value: value.length > LABEL_VALUE_MAX ? `${value.slice(0, LABEL_VALUE_MAX - 1)}…` : value,
  }));

export const priceLine = (product: Product, options: LineOptions): LinePricing => {
  const decoded = decodeLineOptions(options);
  if (!decoded) return refused('options_invalid');
  // Attributes describe the variant the sku names: checked against it, then left out of the line's options and key.
  const contradicted = contradictedAttribute(product, decoded.attributes);
  if (contradicted) return refused('options_invalid', contradicted);
  const attributes: LineOptions = {};
  const choices = product.options;
  const isBundle = choices !== undefined && choices.bundle.length > 0;
  // A bundle takes no custom options and a product of its own no bundle items (the page shows one form or the other).
  if (isBundle ? decoded.custom.size > 0 : decoded.bundle.size > 0) return refused('options_invalid');
  if (!choices) {
    // Sold without options: only attributes describing the sku, at the product's price.
    if (decoded.custom.size > 0) return refused('options_invalid');
    return priced({
      unitPriceInclTax: product.priceInclTax,
      options: attributes,
      labels: [],
      parts: [],
      tierable: true,
    });
  }
  return isBundle
    ? priceBundle(choices, decoded.bundle, attributes)
    : priceCustom(product, choices, decoded.custom, attributes);
};

const priceCustom = (
  product: Product,
  choices: ProductOptions,
  values: ReadonlyMap<number, string>,
  attributes: LineOptions,
): LinePricing => {
  const answers = customAnswersOf(choices.custom, values);
  if (!answers) return refused('options_invalid');
  if (!validateCustomOptions(choices.custom, answers).ok) return refused('custom_options_invalid');
  const net = customOptionsPrice(choices, choices.custom, answers);
  // The same figure as the page's live price (client/catalog/product/product-pricing.ts): exactly the shown price
  // with nothing chosen, plus the VAT-inclusive difference the options make.
  const unitPriceInclTax = Math.max(
    0,
    product.priceInclTax + addTax(net, choices.vatRate) - addTax(choices.price, choices.vatRate),
  );
  return priced({
    unitPriceInclTax: choices.custom.length === 0 ? product.priceInclTax : unitPriceInclTax,
    options: { ...attributes, ...encodeCustomOptions(choices.custom, answers) },
    labels: labelled(customOptionLabels(choices.custom, answers)),
    parts: [],
    tierable: values.size === 0,
  });
};

const priceBundle = (
  choices: ProductOptions,
  chosen: ReadonlyMap<number, BundleChoice>,
  attributes: LineOptions,
): LinePricing => {
  const bundle = { bundle_options: choices.bundle };
  const selection = chosen.size === 0 ? defaultBundleSelection(bundle) : bundleSelectionOf(choices.bundle, chosen);
  if (!selection) return refused('options_invalid');
  if (!validateBundleOptions(bundle, selection).ok) return refused('bundle_options_invalid');
  const parts = choices.bundle.flatMap((option) => {
    const choice = selection[option.option_id];
    const qty = choice ? bundleChoiceQty(choice) : 0;
    return !choice || qty === 0
      ? []
      : option.product_links
          .filter((link) => choice.linkIds.includes(link.id))
          .map((link) => ({
            sku: link.sku,
            perUnit: qty,
            isInStock: link.isInStock,
            stockQty: link.stockQty,
          }));
  });
  return priced({
    unitPriceInclTax: addTax(bundlePrice(bundle, selection), choices.vatRate),
    options: { ...attributes, ...encodeBundleSelection(choices.bundle, selection) },
    labels: labelled(bundleLabels(choices.bundle, selection)),
    parts,
    tierable: false,
  });
};

/** Why the line's parts cannot make `qty` units, or null when they can (a part without a figure is not checked). */
export const partsShortage = (
  parts: readonly LinePart[],
  qty: number,
): 'out_of_stock' | 'insufficient_stock' | null => {
  if (parts.some((part) => !part.isInStock || part.stockQty === 0)) return 'out_of_stock';
  if (parts.some((part) => part.stockQty !== null && part.perUnit * qty > part.stockQty)) return 'insufficient_stock';
  return null;
};
