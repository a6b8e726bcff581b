import type { Attribute } from '../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';
import { attributeLabel, optionLabel, type CatalogLanguage } from '../../schema/catalog/localized.ts';

/** Shown in a cell of a product without a value for that attribute. */
export const NO_VALUE = '—';

export type ComparableAttribute = Pick<
  Attribute,
  'attribute_code' | 'frontend_label' | 'default_frontend_label' | 'options' | 'is_comparable' | 'position'
> &
  Partial<Pick<Attribute, 'frontend_label_en'>>;
export type ComparableProduct = Pick<CatalogProduct, 'sku' | 'attributes'>;

export interface ComparisonRow {
  code: string;
  /** The attribute's label: frontend_label, else default_frontend_label, else the code. */
  label: string;
  /** One cell per product, in the order of the products: option labels (a multiselect's joined by ', '), or '—'. */
  values: string[];
  /** True when not every product shows the same text: lets the view highlight or filter differences. */
  differs: boolean;
  /** 'bg' when, on an English page, the label or a cell is shown in Bulgarian (the catalogue has no English). */
  labelLang?: 'bg';
  valuesLang?: 'bg';
}

const cellText = (
  attribute: ComparableAttribute,
  value: string | string[] | undefined,
  language: CatalogLanguage,
): { text: string; bulgarian: boolean } | undefined => {
  const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v) => v !== '');
  if (values.length === 0) return undefined;
  // A value without an option (a text attribute, or an option since deleted) is shown as stored.
  const shown = values.map((v) => {
    const option = attribute.options.find((o) => o.value === v);
    return option ? optionLabel(option, language) : { text: v, lang: language };
  });
  return { text: shown.map((s) => s.text).join(', '), bulgarian: shown.some((s) => s.lang !== language) };
};

/**
 * The comparison: one row per comparable attribute (`is_comparable`) that at least one of the products has a value
 * for, in the attributes' `position` order (ties keep the given order). Cells hold the option labels.
 */
export const comparisonTable = (
  products: readonly ComparableProduct[],
  attributes: readonly ComparableAttribute[],
  language: CatalogLanguage = 'bg',
): ComparisonRow[] =>
  attributes
    .filter((a) => a.is_comparable)
    .map((attribute, index) => ({ attribute, index }))
    .sort((a, b) => a.attribute.position - b.attribute.position || a.index - b.index)
    .flatMap(({ attribute }) => {
      const cells = products.map((p) => cellText(attribute, p.attributes[attribute.attribute_code], language));
      if (cells.every((c) => c === undefined)) return [];
      const values = cells.map((c) => c?.text ?? NO_VALUE);
      const label = attributeLabel(attribute, language);
      return [
        {
          code: attribute.attribute_code,
          label: label.text,
          values,
          differs: values.some((v) => v !== values[0]),
          ...(label.lang !== language ? { labelLang: 'bg' as const } : {}),
          ...(cells.some((c) => c?.bulgarian) ? { valuesLang: 'bg' as const } : {}),
        },
      ];
    });
