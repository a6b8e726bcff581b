import type { CatalogProduct, ConfigurableChild } from '../catalog-product.ts';
import type { TaxRule } from '../tax-rule.ts';
import { SHOP_COUNTRY } from '../tax-rule.ts';
import { addTax, taxRateFor } from '../tax.ts';

/** The special price with VAT, or null without one. */
const specialInclTax = (special: number | null, ratePercent: number): number | null =>
  special === null ? null : addTax(special, ratePercent);

/** A configurable child's VAT figures, at its parent's rate (children carry no tax class of their own). */
export const applyTaxToChild = (child: ConfigurableChild, ratePercent: number): ConfigurableChild => ({
  ...child,
  priceInclTax: addTax(child.price, ratePercent),
  specialPriceInclTax: specialInclTax(child.special_price, ratePercent),
});

/**
 * The product with its VAT figures derived from the tax rules of the shop's country (spec section 1: "Tax is
 * calculated on the server; prices held by the client are without tax, with inclusive-tax variants supplied by the
 * server"): priceInclTax, priceTax (the VAT in it), specialPriceInclTax, and each configurable child's.
 * Whether the special price applies now is not decided here (`effectivePrice` does that).
 */
export const applyTaxRules = (
  product: CatalogProduct,
  rules: readonly TaxRule[],
  country: string = SHOP_COUNTRY,
): CatalogProduct => {
  const rate = taxRateFor(product.tax_class_id, rules, country);
  const priceInclTax = addTax(product.price, rate);
  return {
    ...product,
    priceInclTax,
    priceTax: priceInclTax - product.price,
    specialPriceInclTax: specialInclTax(product.special_price, rate),
    configurable_children: product.configurable_children.map((child) => applyTaxToChild(child, rate)),
  };
};
