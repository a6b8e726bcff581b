import type { Category } from '../../schema/catalog/category.ts';

/** A category an ad may name, with the models its products carry (labels: "iPhone 17 Pro"). */
export interface AdCategory {
  slug: string;
  name: string;
  /** The category's English name where the catalogue has one (issue 29, item 12). */
  name_en?: string;
  models: readonly string[];
}

/** A product as far as the ads read it: its categories and its `model` value(s). */
export interface ModelSource {
  category_ids: readonly number[];
  model: string | readonly string[] | undefined;
}

/**
 * The categories an ad may name, from the device's catalogue: the shop's top-level categories (below the root),
 * in menu order, each with the model labels of its products, as the server's rules check them
 * (sync-server/ads/ad-catalogue.ts: an active category's slug, and a model its products carry). Pure.
 */
export const adCategoriesOf = (
  categories: readonly Category[],
  products: readonly ModelSource[],
  modelLabels: ReadonlyMap<string, string>,
): AdCategory[] => {
  const top = categories
    .filter((category) => category.is_active && category.level === 2)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'bg'));
  const byId = new Map(top.map((category) => [category.id, new Set<string>()]));
  for (const product of products) {
    const values =
      product.model === undefined ? [] : typeof product.model === 'string' ? [product.model] : product.model;
    for (const id of product.category_ids) {
      const models = byId.get(id);
      if (!models) continue;
      for (const value of values) models.add(modelLabels.get(value) ?? value);
    }
  }
  return top.map((category) => ({
    slug: category.slug,
    name: category.name,
    ...(category.name_en ? { name_en: category.name_en } : {}),
    models: [...(byId.get(category.id) ?? [])].sort((a, b) => a.localeCompare(b, 'bg', { numeric: true })),
  }));
};
