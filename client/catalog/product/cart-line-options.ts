import type { BundleOption, CustomOption } from '../../../schema/catalog/catalog-product.ts';
import type { BundleSelection } from '../../../schema/catalog/rules/bundle-price.ts';
import type { CustomOptionAnswers } from '../../../schema/catalog/rules/custom-options.ts';
import type { LineOptions } from '../../../schema/cart/cart.ts';
import { encodeBundleSelection, encodeCustomOptions } from '../../../schema/cart/line-options.ts';

/**
 * What the product page puts in `cart.addItem`'s `options`: the shopper's choices by the catalogue's ids, in the
 * codec of schema/cart/line-options.ts, so the server prices the line by the same rules as the page's live price.
 * The cart shows the line's options by the labels the cart rules write from the product's titles.
 */

/** The chosen custom options: `custom:<option_id>` -> the chosen option_type_id(s), or a field's text. */
export const customOptionsLineOptions = (options: readonly CustomOption[], answers: CustomOptionAnswers): LineOptions =>
  encodeCustomOptions(options, answers);

/** The chosen bundle items: `bundle:<option_id>` -> "<qty>x<link id>[,<link id>...]". */
export const bundleLineOptions = (bundleOptions: readonly BundleOption[], selection: BundleSelection): LineOptions =>
  encodeBundleSelection(bundleOptions, selection);
