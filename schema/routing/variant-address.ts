import type { CatalogProduct, ConfigurableChild } from '../catalog/catalog-product.ts';
import {
  findVariant,
  SKU_SELECTION_KEY,
  type VariantMatchOptions,
  type VariantSelection,
} from '../catalog/rules/variant-matching.ts';
import { CHILD_SKU_PARAM } from './variant-path.ts';

/**
 * The product page's side of a chosen variant's address (variant-path.ts): which variant an address opens. Only
 * the product page imports this file, so the first page's JavaScript does not grow by it.
 */
export { CHILD_SKU_PARAM, variantPath } from './variant-path.ts';

/** The child sku an address's query names ('?childSku=MBA1300002'), or null when it names none. */
export const childSkuOf = (search: string): string | null => new URLSearchParams(search).get(CHILD_SKU_PARAM) || null;

/** A variant's values of the configurable attributes: the selection that chooses it. */
export const selectionOf = (
  product: Pick<CatalogProduct, 'configurable_options'>,
  child: Pick<ConfigurableChild, 'attributes'>,
): VariantSelection => {
  const selection: Record<string, string> = {};
  for (const option of product.configurable_options) {
    const value = child.attributes[option.attribute_code];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) selection[option.attribute_code] = first;
  }
  return selection;
};

/**
 * The page's starting choice: the variant the address names when it can be chosen (spec section 5: "A chosen sku
 * matches directly", so a disabled or sold-out one cannot, as on the page), else the first available variant;
 * nothing when none is available.
 */
export const startingSelection = (
  product: Pick<CatalogProduct, 'configurable_options' | 'configurable_children'>,
  childSku: string | null,
  options: VariantMatchOptions,
): VariantSelection => {
  const addressed = childSku === null ? null : findVariant(product, { [SKU_SELECTION_KEY]: childSku }, options);
  const child = addressed ?? findVariant(product, {}, options);
  return child ? selectionOf(product, child) : {};
};
