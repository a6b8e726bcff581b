import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { applyTaxRules } from '../../../schema/catalog/rules/apply-tax-rules.ts';
import { BG_STANDARD_VAT } from '../../../schema/catalog/tax.ts';
import { SHOP_COUNTRY, type TaxRule } from '../../../schema/catalog/tax-rule.ts';

/**
 * A dump without tax rules (issue 19): its prices would go in with 0% VAT, silently. The importer says so, and
 * with `--country BG` applies Bulgaria's standard VAT to every product class the dump uses, as a rule of its own
 * in the snapshot, so the store prices them as it prices any other rule's products.
 */
export interface MissingTaxOutcome {
  readonly products: CatalogProduct[];
  readonly taxRules: TaxRule[];
  /** What the importer tells its user (printed in the summary). */
  readonly notice: string;
}

/** The rule the import adds: Bulgaria's 20% on the classes given. Its id is kept clear of Magento's. */
export const bulgarianVatRule = (taxClassIds: readonly number[]): TaxRule => ({
  id: 900_000,
  code: `BG VAT ${BG_STANDARD_VAT}% (added by the import: the dump had no tax rules)`,
  product_tax_class_ids: [...taxClassIds].sort((a, b) => a - b),
  rates: [
    {
      code: `BG-${BG_STANDARD_VAT}`,
      rate: BG_STANDARD_VAT,
      tax_country_id: SHOP_COUNTRY,
      region_name: '',
      tax_region_id: 0,
    },
  ],
});

export const settleMissingTax = (products: CatalogProduct[], country: string | undefined): MissingTaxOutcome => {
  if (country?.toUpperCase() !== SHOP_COUNTRY) {
    return {
      products,
      taxRules: [],
      notice:
        'The dump has no tax rules: prices were imported as they are, with 0% VAT. ' +
        `Run with --country ${SHOP_COUNTRY} to apply Bulgaria's standard ${BG_STANDARD_VAT}% VAT.`,
    };
  }
  const rule = bulgarianVatRule([...new Set(products.map((p) => p.tax_class_id))]);
  return {
    products: products.map((p) => applyTaxRules(p, [rule], SHOP_COUNTRY)),
    taxRules: [rule],
    notice: `The dump has no tax rules: Bulgaria's standard ${BG_STANDARD_VAT}% VAT was applied to every product (--country ${SHOP_COUNTRY}).`,
  };
};
