import type { CatalogProduct, ConfigurableChild } from '../../schema/catalog/catalog-product.ts';
import type { Product, ProductOptions } from '../../schema/catalog/product.ts';
import {
  applyTaxRules,
  defaultBundlePrice,
  effectivePrice,
  isEnabledStatus,
} from '../../schema/catalog/rules/index.ts';
import type { TaxRule } from '../../schema/catalog/tax-rule.ts';
import { addTax, taxRateFor } from '../../schema/catalog/tax.ts';
import { productImagePath } from './product-image-path.ts';

/** Live stock figures of one sku (a stock item), which win over the copy in the product document. */
export interface StockFigures {
  is_in_stock: boolean;
  qty: number;
}

export interface PricingContext {
  taxRules: readonly TaxRule[];
  now: Date;
  /**
   * Live stock of bundle items by sku (a stock item, else the item's own document). An item missing here has no
   * figure, and the cart does not check it: the bundle's own stock still applies.
   */
  partStock?: ReadonlyMap<string, StockFigures>;
}

/**
 * The skus a catalogue product sells: its own, unless it is a configurable parent (a shopper buys one of
 * its variants), and each enabled configurable child's. A disabled product (status 2 or more) sells none.
 */
export const sellableSkus = (product: CatalogProduct): string[] => {
  if (!isEnabledStatus(product.status)) return [];
  if (product.type_id !== 'configurable') return [product.sku];
  return product.configurable_children.filter((child) => isEnabledStatus(child.status)).map((child) => child.sku);
};

/**
 * The cart's view of one sellable sku of a catalogue product: the price with VAT in force `now` (the
 * special price inside its window, by the shared rules), stock, name and image. Undefined when the sku is
 * not for sale (disabled, a configurable parent itself, or not in this product).
 *
 * VAT comes from the tax rules, not from the document's stored *InclTax figures: those were computed when
 * the catalogue was written, and a changed rule must reach the cart's price at once.
 */
export const cartProductOf = (
  product: CatalogProduct,
  sku: string,
  context: PricingContext,
  serverSeq: number,
  stock?: StockFigures,
): Product | undefined => {
  if (!sellableSkus(product).includes(sku)) return undefined;
  const taxed = applyTaxRules(product, context.taxRules);
  const child = taxed.configurable_children.find((c) => c.sku === sku);
  const item: CatalogProduct | ConfigurableChild = sku === product.sku ? taxed : (child ?? taxed);
  const figures = stock ?? item.stock;
  return {
    sku,
    name: item.name || product.name,
    slug: product.slug,
    priceInclTax: priceInclTaxNow(taxed, item, context),
    isInStock: figures.is_in_stock,
    stockQty: figures.qty,
    image: item.image || product.image || productImagePath(sku),
    // The most specific category: parents come first in a product's category list.
    category: (product.category.at(-1)?.slug ?? '').slice(0, 100),
    typeId: product.type_id.slice(0, 32),
    ...optionsOf(taxed, item, context),
    ...tierPricesOf(product, context),
    ...variantOf(product, item),
    serverSeq,
  };
};

/** String values only: a multiselect's list describes no one variant. */
const singleValues = (attributes: CatalogProduct['attributes'], codes?: readonly string[]): Record<string, string> =>
  Object.fromEntries(
    Object.entries(attributes).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && (!codes || codes.includes(entry[0])),
    ),
  );

/**
 * What a line's attribute options are checked against (schema/cart/line-variant.ts): a configurable's variant has its
 * values of the parent's configurable attributes, their labels and its enabled siblings. A product of its own has no
 * variant: it is sold as it is, and a line naming attributes for it is refused (nothing to choose).
 */
const variantOf = (product: CatalogProduct, item: CatalogProduct | ConfigurableChild): Pick<Product, 'variant'> => {
  if (product.type_id !== 'configurable' || item === product) return {};
  const codes = product.configurable_options.map((o) => o.attribute_code);
  const labels = Object.fromEntries(
    product.configurable_options.map((o) => [
      o.attribute_code,
      Object.fromEntries(o.values.map((v) => [v.value_index, v.label])),
    ]),
  );
  const siblings = product.configurable_children
    .filter((child) => isEnabledStatus(child.status))
    .map((child) => ({ sku: child.sku, attributes: singleValues(child.attributes, codes) }));
  return { variant: { attributes: singleValues(item.attributes, codes), labels, siblings } };
};

/**
 * The product's tier prices with VAT, as `priceInclTax` gets it (the product's rate, half-up per stotinka), for
 * the cart to charge a customer group (schema/cart/tier-pricing.ts). A configurable child has no tiers of its own
 * in the catalogue model, so a variant takes its parent's, as the search price does for the listing.
 */
const tierPricesOf = (product: CatalogProduct, context: PricingContext): Pick<Product, 'tierPricesInclTax'> => {
  if (product.tier_prices.length === 0) return {};
  const rate = taxRateFor(product.tax_class_id, context.taxRules);
  return { tierPricesInclTax: product.tier_prices.map((tier) => ({ ...tier, value: addTax(tier.value, rate) })) };
};

/**
 * What prices the line options of this sku (schema/cart/line-pricing.ts), when it has any: the custom options of
 * the product (a variant takes its parent's) on the item's net prices in force, or a bundle's items with their live
 * stock. Net, like the catalogue; the cart adds the product's VAT rate, as the product page does.
 */
const optionsOf = (
  product: CatalogProduct,
  item: CatalogProduct | ConfigurableChild,
  context: PricingContext,
): { options?: ProductOptions } => {
  const bundle = product.type_id === 'bundle' ? product.bundle_options : [];
  if (product.custom_options.length === 0 && bundle.length === 0) return {};
  const price = effectivePrice(item, context.now);
  return {
    options: {
      price: price.finalPrice,
      originalPrice: price.price,
      vatRate: taxRateFor(product.tax_class_id, context.taxRules),
      custom: bundle.length > 0 ? [] : product.custom_options,
      bundle: bundle.map((option) => ({
        ...option,
        product_links: option.product_links.map((link) => {
          const stock = context.partStock?.get(link.sku);
          return { ...link, isInStock: stock?.is_in_stock ?? true, stockQty: stock?.qty ?? null };
        }),
      })),
    },
  };
};

/**
 * Every sku a catalogue row stands for, as the cart's product list replicates them: each sellable sku as
 * `cartProductOf` gives it, and each sku that is not for sale (a disabled product or variant) as out of
 * stock, so a product switched off reaches devices that already hold it.
 */
export const cartProductsOf = (
  product: CatalogProduct,
  context: PricingContext,
  serverSeq: number,
  stock: ReadonlyMap<string, StockFigures>,
): Product[] => {
  const skus = product.type_id === 'configurable' ? product.configurable_children.map((c) => c.sku) : [product.sku];
  const sellable = new Set(sellableSkus(product));
  // Priced as if enabled, so the out-of-stock entry still carries its last price and name.
  const priced: CatalogProduct = {
    ...product,
    status: 1,
    configurable_children: product.configurable_children.map((child) => ({ ...child, status: 1 })),
  };
  return skus.flatMap((sku) => {
    const view = sellable.has(sku)
      ? cartProductOf(product, sku, context, serverSeq, stock.get(sku))
      : cartProductOf(priced, sku, context, serverSeq, { is_in_stock: false, qty: 0 });
    return view ? [view] : [];
  });
};

/** A bundle priced 0 in the catalogue costs its default selection (spec section 4), like its page shows. */
const priceInclTaxNow = (
  product: CatalogProduct,
  item: CatalogProduct | ConfigurableChild,
  context: PricingContext,
): number => {
  const price = effectivePrice(item, context.now);
  if (price.finalPrice === 0 && item === product && product.type_id === 'bundle') {
    return addTax(defaultBundlePrice(product), taxRateFor(product.tax_class_id, context.taxRules));
  }
  return price.finalPriceInclTax ?? 0;
};
