import type { Category } from '../catalog/category.ts';

/**
 * A category listing covers the category and every category below it. The tree comes from `parent_id`;
 * inactive categories count too (a product filed under a hidden sub-category still belongs to its parent's
 * listing). A cycle in bad data ends the walk instead of looping.
 */
export interface CategoryTree {
  /** The category and all its descendants, the category first; just [id] for an id the tree does not know. */
  descendantsOf(categoryId: number): readonly number[];
}

export const createCategoryTree = (categories: readonly Pick<Category, 'id' | 'parent_id'>[]): CategoryTree => {
  const children = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parent_id === category.id) continue;
    const list = children.get(category.parent_id);
    if (list) list.push(category.id);
    else children.set(category.parent_id, [category.id]);
  }
  const cache = new Map<number, readonly number[]>();
  return {
    descendantsOf(categoryId) {
      const cached = cache.get(categoryId);
      if (cached) return cached;
      const seen = new Set<number>([categoryId]);
      const out = [categoryId];
      for (let i = 0; i < out.length; i++) {
        for (const child of children.get(out[i] as number) ?? []) {
          if (seen.has(child)) continue;
          seen.add(child);
          out.push(child);
        }
      }
      cache.set(categoryId, out);
      return out;
    },
  };
};
