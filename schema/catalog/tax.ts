import type { TaxRule } from './tax-rule.ts';
import { SHOP_COUNTRY } from './tax-rule.ts';

/** Bulgaria's standard VAT rate, percent. */
export const BG_STANDARD_VAT = 20;

/** The rate, percent, that applies to a tax class in the shop's country; 0 when no rule covers it. */
export const taxRateFor = (taxClassId: number, rules: readonly TaxRule[], country = SHOP_COUNTRY): number => {
  for (const rule of rules) {
    if (!rule.product_tax_class_ids.includes(taxClassId)) continue;
    const rate = rule.rates.find((r) => r.tax_country_id === country);
    if (rate) return rate.rate;
  }
  return 0;
};

/** Net stotinki -> gross stotinki, half-up to the stotinka. */
export const addTax = (net: number, ratePercent: number): number => Math.round((net * (100 + ratePercent)) / 100);

/** Gross stotinki -> the net amount whose gross is exactly `gross` (for shops that price with VAT included). */
export const netForGross = (gross: number, ratePercent: number): number => {
  const net = Math.round((gross * 100) / (100 + ratePercent));
  // Rounding can land one stotinka off; step to the net that gives back the intended gross.
  for (const candidate of [net, net - 1, net + 1]) if (addTax(candidate, ratePercent) === gross) return candidate;
  return net;
};

/**
 * The VAT rate, percent, the catalogue applied to this product (`applyTaxRules` wrote price and priceTax from the
 * tax rules): the page adds the same rate to option and bundle prices, which the catalogue keeps net. Bulgaria's
 * standard rate for a product without a price to read it from.
 */
export const impliedVatRate = (product: { readonly price: number; readonly priceTax: number }): number =>
  product.price > 0 ? Math.round((product.priceTax * 100) / product.price) : BG_STANDARD_VAT;
