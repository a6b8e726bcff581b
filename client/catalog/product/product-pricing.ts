import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { customOptionsPrice, type CustomOptionAnswers } from '../../../schema/catalog/rules/custom-options.ts';
import type { EffectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { addTax, BG_STANDARD_VAT } from '../../../schema/catalog/tax.ts';

/**
 * The VAT rate, percent, the catalogue applied to this product (`applyTaxRules` wrote price and priceTax from the
 * tax rules): the page adds the same rate to option and bundle prices, which the catalogue keeps net. Bulgaria's
 * standard rate for a product without a price to read it from.
 */
export const impliedVatRate = (product: Pick<CatalogProduct, 'price' | 'priceTax'>): number =>
  product.price > 0 ? Math.round((product.priceTax * 100) / product.price) : BG_STANDARD_VAT;

/**
 * The live price with VAT once custom options are chosen (spec section 4, `customOptionsPrice`): the shown price
 * plus the VAT-inclusive difference the options make, so with nothing chosen it is exactly the shown price.
 */
export const customOptionsPriceInclTax = (
  price: EffectivePrice,
  options: CatalogProduct['custom_options'],
  answers: CustomOptionAnswers,
  vatRate: number,
): number => {
  const shown = price.finalPriceInclTax ?? 0;
  if (options.length === 0) return shown;
  const net = customOptionsPrice({ price: price.finalPrice, originalPrice: price.price }, options, answers);
  return Math.max(0, shown + addTax(net, vatRate) - addTax(price.finalPrice, vatRate));
};
