import type { BundleOption } from '../catalog-product.ts';
import { optionsValidation, type OptionsValidation } from './options-validation.ts';
import { sumOf } from './sum.ts';

export type BundleLink = BundleOption['product_links'][number];

/** The shopper's choice in one bundle option: the chosen links (one for select/radio) and the quantity. */
export interface BundleChoice {
  readonly linkIds: readonly number[];
  /** Spec section 5: "The bundle quantity input has minimum 0 and defaults to 1." */
  readonly qty?: number | undefined;
}
/** option_id -> choice; an option left out is not chosen. */
export type BundleSelection = Readonly<Record<number, BundleChoice>>;

export const BUNDLE_QTY_MIN = 0;
export const BUNDLE_QTY_DEFAULT = 1;

/**
 * The choice's quantity: 1 when not given; whole units, never below the minimum 0 (a negative quantity would lower
 * the price, and a fraction or NaN is no quantity a shopper can order).
 */
export const bundleChoiceQty = (choice: BundleChoice): number => {
  const qty = choice.qty ?? BUNDLE_QTY_DEFAULT;
  return Number.isFinite(qty) ? Math.max(BUNDLE_QTY_MIN, Math.floor(qty)) : BUNDLE_QTY_MIN;
};

export const selectedBundleLinks = (option: BundleOption, choice: BundleChoice | undefined): BundleLink[] =>
  choice ? option.product_links.filter((link) => choice.linkIds.includes(link.id)) : [];

interface Bundle {
  readonly bundle_options: readonly BundleOption[];
}

/** Spec section 4: "Bundle options set the price to the sum of price times quantity over the selected items." */
export const bundlePrice = (product: Bundle, selection: BundleSelection): number =>
  sumOf(
    product.bundle_options.flatMap((option) => {
      const choice = selection[option.option_id];
      if (!choice) return [];
      return selectedBundleLinks(option, choice).map((link) => link.price * bundleChoiceQty(choice));
    }),
  );

/** The option's default link, or its first when none is marked default; null for an option without links. */
export const defaultBundleLink = (option: BundleOption): BundleLink | null =>
  option.product_links.find((link) => link.is_default) ?? option.product_links[0] ?? null;

/** Each option's default (or first) link at that link's qty: what the bundle page starts with. */
export const defaultBundleSelection = (product: Bundle): BundleSelection =>
  Object.fromEntries(
    product.bundle_options.flatMap((option) => {
      const link = defaultBundleLink(option);
      return link ? [[option.option_id, { linkIds: [link.id], qty: link.qty }]] : [];
    }),
  );

/** Spec section 4: "A bundle's default price is the sum of the default (or first) link per option times its qty." */
export const defaultBundlePrice = (product: Bundle): number =>
  sumOf(
    product.bundle_options.map((option) => {
      const link = defaultBundleLink(option);
      return link ? link.price * link.qty : 0;
    }),
  );

export const MUST_BE_GREATER_THAN_ZERO = 'Must be greater than 0';
export const BUNDLE_OPTIONS_INVALID = 'Please configure product bundle options and fix the validation errors';

/** Rule 'gtzero' (required options): "quantity and selected item must be greater than 0". */
export const satisfiesGtZero = (option: BundleOption, choice: BundleChoice | undefined): boolean =>
  !option.required ||
  (choice !== undefined &&
    bundleChoiceQty(choice) > 0 &&
    selectedBundleLinks(option, choice).some((link) => link.id > 0));

/** Spec section 5: "Message 'Must be greater than 0'"; failure sets the bundle-options product error. */
export const validateBundleOptions = (product: Bundle, selection: BundleSelection): OptionsValidation => {
  const fieldErrors: Record<number, string> = {};
  for (const option of product.bundle_options) {
    if (!satisfiesGtZero(option, selection[option.option_id]))
      fieldErrors[option.option_id] = MUST_BE_GREATER_THAN_ZERO;
  }
  return optionsValidation(fieldErrors, BUNDLE_OPTIONS_INVALID);
};
