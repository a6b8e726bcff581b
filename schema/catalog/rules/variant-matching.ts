import type { ConfigurableChild } from '../catalog-product.ts';
import { isEnabledStatus } from './product-status.ts';

/** Spec section 5: "The price attribute is ignored" when matching (the cena filter, VSF1's price). */
export const PRICE_ATTRIBUTES: readonly string[] = ['cena', 'price'];
/** A selection key naming the variant itself: "A chosen sku matches directly." */
export const SKU_SELECTION_KEY = 'sku';

/** Attribute code -> chosen option value (and optionally `sku`). An empty value is no choice. */
export type VariantSelection = Readonly<Record<string, string>>;

export interface VariantMatchOptions {
  /** The shop's out-of-stock listing setting (spec section 5: "It is on as configured"). */
  readonly allowOutOfStock: boolean;
}

interface Configurable {
  readonly configurable_children: readonly ConfigurableChild[];
}

/** Not disabled (status below 2) and in stock, unless out-of-stock listing is allowed. */
export const isChildAvailable = (child: ConfigurableChild, options: VariantMatchOptions): boolean =>
  isEnabledStatus(child.status) && (options.allowOutOfStock || child.stock.is_in_stock);

/** The child's value of an attribute equals the chosen one (for a multiselect: is among its values). */
const hasAttributeValue = (child: ConfigurableChild, code: string, value: string): boolean => {
  const own = child.attributes[code];
  return Array.isArray(own) ? own.includes(value) : own === value;
};

/**
 * Spec section 5: "A configurable variant matches a selection when the child is not disabled (status below 2),
 * is in stock unless out-of-stock listing is allowed, and each chosen attribute value equals the child's value.
 * The price attribute is ignored. A chosen sku matches directly."
 */
export const childMatchesSelection = (
  child: ConfigurableChild,
  selection: VariantSelection,
  options: VariantMatchOptions,
): boolean => {
  if (!isChildAvailable(child, options)) return false;
  const sku = selection[SKU_SELECTION_KEY];
  if (sku) return child.sku === sku;
  return Object.entries(selection).every(
    ([code, value]) => value === '' || PRICE_ATTRIBUTES.includes(code) || hasAttributeValue(child, code, value),
  );
};

/** The first child that matches the selection, in the product's order; null when none does. */
export const findVariant = (
  product: Configurable,
  selection: VariantSelection,
  options: VariantMatchOptions,
): ConfigurableChild | null =>
  product.configurable_children.find((child) => childMatchesSelection(child, selection, options)) ?? null;

export const NO_SUCH_CONFIGURATION =
  'No such configuration for the product. Please do choose another combination of attributes.';
export const NO_AVAILABLE_VARIANTS = 'No available product variants';

export type ReconfigureResult =
  | { readonly kind: 'configured'; readonly selection: VariantSelection; readonly child: ConfigurableChild }
  | {
      readonly kind: 'restored';
      readonly selection: VariantSelection;
      readonly child: ConfigurableChild | null;
      readonly notice: typeof NO_SUCH_CONFIGURATION;
    }
  | {
      readonly kind: 'unavailable';
      readonly selection: VariantSelection;
      readonly child: null;
      readonly error: typeof NO_AVAILABLE_VARIANTS;
    };

/** The previous selection with the change applied; choosing an attribute drops a previously chosen sku. */
export const applySelectionChange = (previous: VariantSelection, change: VariantSelection): VariantSelection => {
  if (SKU_SELECTION_KEY in change) return { ...previous, ...change };
  const { [SKU_SELECTION_KEY]: _sku, ...attributes } = previous;
  return { ...attributes, ...change };
};

/**
 * Spec section 4: "Choosing a configuration option reconfigures the product. If no variant exists, the previous
 * choice is restored and a wrong-attributes notice is shown." and "A variant with no stock sets the product error
 * 'No available product variants'": when no child at all passes the availability check, the product has no
 * variant to offer, whatever is chosen.
 */
export const reconfigure = (
  product: Configurable,
  previousSelection: VariantSelection,
  change: VariantSelection,
  options: VariantMatchOptions,
): ReconfigureResult => {
  if (!product.configurable_children.some((child) => isChildAvailable(child, options))) {
    return { kind: 'unavailable', selection: previousSelection, child: null, error: NO_AVAILABLE_VARIANTS };
  }
  const selection = applySelectionChange(previousSelection, change);
  const child = findVariant(product, selection, options);
  if (child) return { kind: 'configured', selection, child };
  return {
    kind: 'restored',
    selection: previousSelection,
    child: findVariant(product, previousSelection, options),
    notice: NO_SUCH_CONFIGURATION,
  };
};
