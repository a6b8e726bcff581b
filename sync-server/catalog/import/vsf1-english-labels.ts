import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';

/** How many of the catalogue's labels the English store view named. */
export interface EnglishLabelCounts {
  categories: number;
  attributes: number;
  options: number;
}

const named = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * Issue 19: a Vue Storefront 1 shop with a second, English store view has a second set of dumps (one Elasticsearch
 * index per store view), whose documents carry the same ids with that view's labels. Its category names, attribute
 * labels and option labels become the catalogue's `name_en`, `frontend_label_en` and `label_en`, matched by
 * category id, attribute code and option value; the products' category references take the English names too.
 * Anything the English dumps do not name stays Bulgarian only (no field), never guessed.
 */
export const withEnglishLabels = (
  snapshot: CatalogSnapshot,
  english: Pick<CatalogSnapshot, 'categories' | 'attributes'>,
): { snapshot: CatalogSnapshot; counts: EnglishLabelCounts } => {
  const counts: EnglishLabelCounts = { categories: 0, attributes: 0, options: 0 };
  const categoryNames = new Map(english.categories.map((c) => [c.id, named(c.name)]));
  const englishAttributes = new Map(english.attributes.map((a) => [a.attribute_code, a]));

  const categories = snapshot.categories.map((category) => {
    const nameEn = categoryNames.get(category.id);
    if (!nameEn) return category;
    counts.categories += 1;
    return { ...category, name_en: nameEn };
  });
  const attributes = snapshot.attributes.map((attribute) => {
    const source = englishAttributes.get(attribute.attribute_code);
    if (!source) return attribute;
    const labelEn = named(source.frontend_label) ?? named(source.default_frontend_label);
    if (labelEn) counts.attributes += 1;
    const optionLabels = new Map(source.options.map((o) => [o.value, named(o.label)]));
    const options = attribute.options.map((option) => {
      const optionEn = optionLabels.get(option.value);
      if (!optionEn) return option;
      counts.options += 1;
      return { ...option, label_en: optionEn };
    });
    return { ...attribute, ...(labelEn ? { frontend_label_en: labelEn } : {}), options };
  });
  const englishById = new Map(categories.map((c) => [c.id, c.name_en]));
  const products = snapshot.products.map((product) =>
    product.category.some((ref) => englishById.get(ref.category_id))
      ? {
          ...product,
          category: product.category.map((ref) => {
            const nameEn = englishById.get(ref.category_id);
            return nameEn ? { ...ref, name_en: nameEn } : ref;
          }),
        }
      : product,
  );
  return { snapshot: { ...snapshot, categories, attributes, products }, counts };
};
