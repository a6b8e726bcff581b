import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';

/**
 * What a tile's price line shows (spec section 2, "Product tile": "the original price struck through and the
 * special price, or the regular price when above zero. A zero price reads 'очаква се' (awaited)"). VAT included,
 * stotinki.
 *
 * Decision: a special price in force whose VAT figure is missing (a product that never went through the tax
 * rules) gets one at the product's own VAT ratio, so the struck-through and the paid price always agree on VAT.
 */
export type TilePricing =
  | { readonly kind: 'awaited' }
  | { readonly kind: 'regular'; readonly amount: number }
  | { readonly kind: 'sale'; readonly amount: number; readonly original: number };

type PricingFields = Pick<
  CatalogProduct,
  'price' | 'priceInclTax' | 'special_price' | 'specialPriceInclTax' | 'special_from_date' | 'special_to_date'
>;

export const tilePricing = (product: PricingFields, now: Date): TilePricing => {
  const price = effectivePrice(product, now);
  if (product.priceInclTax <= 0) return { kind: 'awaited' };
  if (!price.onSale || price.special_price === null) return { kind: 'regular', amount: product.priceInclTax };
  const special =
    price.specialPriceInclTax ??
    (product.price > 0 ? Math.round((price.special_price * product.priceInclTax) / product.price) : 0);
  if (special <= 0 || special >= product.priceInclTax) return { kind: 'regular', amount: product.priceInclTax };
  return { kind: 'sale', amount: special, original: product.priceInclTax };
};
