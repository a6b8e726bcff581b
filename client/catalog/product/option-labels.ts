import type { Attribute } from '../../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import {
  attributeLabel,
  optionLabel,
  type CatalogLanguage,
  type ShownText,
} from '../../../schema/catalog/localized.ts';

type ConfigurableOption = CatalogProduct['configurable_options'][number];

export interface ShownOption {
  readonly label: ShownText;
  readonly values: ReadonlyMap<string, ShownText>;
}

/**
 * A configurable option's name and its values' labels in the shopper's language (issue 19). The product carries
 * them in Bulgarian; the catalogue's attribute of the same code has the English words, matched by option value.
 * A value the attribute does not know keeps the product's label, said to be Bulgarian.
 */
export const shownOption = (
  option: ConfigurableOption,
  attributes: readonly Attribute[],
  language: CatalogLanguage,
): ShownOption => {
  const attribute = attributes.find((a) => a.attribute_code === option.attribute_code);
  const label = attribute
    ? attributeLabel({ ...attribute, frontend_label: option.label || attribute.frontend_label }, language)
    : optionLabel({ label: option.label }, language);
  const values = new Map(
    option.values.map((value) => {
      const known = attribute?.options.find((o) => o.value === value.value_index);
      return [value.value_index, optionLabel({ label: value.label, label_en: known?.label_en }, language)] as const;
    }),
  );
  return { label, values };
};
