import type { Category } from './category.ts';

/**
 * A category's breadcrumb trail between home and itself: its active ancestors below the store root, in order (the
 * category page's, client/catalog/listing/category-page.tsx, and the server's first view of it alike).
 */
export const ancestorsOf = (category: Category, categories: readonly Category[]): Category[] => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return category.path
    .split('/')
    .map(Number)
    .filter((id) => id !== category.id)
    .map((id) => byId.get(id))
    .filter((c): c is Category => c !== undefined && c.level >= 2 && c.is_active);
};
