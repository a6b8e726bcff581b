import type { Attribute } from '../../schema/catalog/attribute.ts';
import type { CatalogProduct } from '../../schema/catalog/catalog-product.ts';

/** Shown in a cell of a product without a value for that attribute. */
export const NO_VALUE = '—';

export type ComparableAttribute = Pick<
  Attribute,
  'attribute_code' | 'frontend_label' | 'default_frontend_label' | 'options' | 'is_comparable' | 'position'
>;
export type ComparableProduct = Pick<CatalogProduct, 'sku' | 'attributes'>;

export interface ComparisonRow {
  code: string;
  /** The attribute's label: frontend_label, else default_frontend_label, else the code. */
  label: string;
  /** One cell per product, in the order of the products: option labels (a multiselect's joined by ', '), or '—'. */
  values: string[];
  /** True when not every product shows the same text: lets the view highlight or filter differences. */
  differs: boolean;
}

const cellText = (attribute: ComparableAttribute, value: string | string[] | undefined): string | undefined => {
  const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v) => v !== '');
  if (values.length === 0) return undefined;
  // A value without an option (a text attribute, or an option since deleted) is shown as stored.
  return values.map((v) => attribute.options.find((o) => o.value === v)?.label ?? v).join(', ');
};

/**
 * The comparison: one row per comparable attribute (`is_comparable`) that at least one of the products has a value
 * for, in the attributes' `position` order (ties keep the given order). Cells hold the option labels.
 */
export const comparisonTable = (
  products: readonly ComparableProduct[],
  attributes: readonly ComparableAttribute[],
): ComparisonRow[] =>
  attributes
    .filter((a) => a.is_comparable)
    .map((attribute, index) => ({ attribute, index }))
    .sort((a, b) => a.attribute.position - b.attribute.position || a.index - b.index)
    .flatMap(({ attribute }) => {
      const cells = products.map((p) => cellText(attribute, p.attributes[attribute.attribute_code]));
      if (cells.every((c) => c === undefined)) return [];
      const values = cells.map((c) => c ?? NO_VALUE);
      return [
        {
          code: attribute.attribute_code,
          label: attribute.frontend_label || attribute.default_frontend_label || attribute.attribute_code,
          values,
          differs: values.some((v) => v !== values[0]),
        },
      ];
    });
