import type { BundleOption } from '../../../schema/catalog/catalog-product.ts';
import {
  BUNDLE_QTY_MIN,
  defaultBundleSelection,
  type BundleSelection,
} from '../../../schema/catalog/rules/bundle-price.ts';
import { parseWholeNumber } from './whole-number.ts';

/** What the shopper has set in one bundle option: the chosen links and the quantity as typed. */
export interface BundleOptionState {
  readonly linkIds: readonly number[];
  readonly qtyText: string;
}

/** option_id -> what the shopper has set. */
export type BundleFormState = Readonly<Record<number, BundleOptionState>>;

/** Spec section 4: defaults preselected, each option's default (or first) item at its quantity. */
export const initialBundleState = (product: { bundle_options: readonly BundleOption[] }): BundleFormState =>
  Object.fromEntries(
    Object.entries(defaultBundleSelection(product)).map(([optionId, choice]) => [
      optionId,
      { linkIds: choice.linkIds, qtyText: String(choice.qty ?? 1) },
    ]),
  );

/**
 * The form read as the rules' selection. A quantity that is not a whole number of at least 0 becomes NaN, which
 * the rules count as 0: it adds nothing to the price and fails 'gtzero' on a required option.
 */
export const bundleSelectionOf = (state: BundleFormState): BundleSelection =>
  Object.fromEntries(
    Object.entries(state).map(([optionId, option]) => [
      optionId,
      { linkIds: option.linkIds, qty: parseWholeNumber(option.qtyText, BUNDLE_QTY_MIN) ?? Number.NaN },
    ]),
  );
