import type { Category } from '../../schema/catalog/category.ts';

/** A category with its children, built on read (the store keeps categories flat; see schema/catalog/category.ts). */
export type CategoryNode = Category & { children_data: CategoryNode[] };

const byPosition = (a: Category, b: Category): number => a.position - b.position || a.id - b.id;

/**
 * Links the given categories into trees: each node's children_data are its children among them, by
 * position, and children_count is how many there are. Returns every node by id (a subtree for any
 * category) and the nodes whose parent is not among them (the tops).
 */
export const buildCategoryTree = (
  categories: readonly Category[],
): { byId: Map<number, CategoryNode>; tops: CategoryNode[] } => {
  const byId = new Map<number, CategoryNode>(
    [...categories].sort(byPosition).map((c) => [c.id, { ...c, children_data: [] }]),
  );
  const tops: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node.parent_id);
    if (parent && parent !== node) parent.children_data.push(node);
    else tops.push(node);
  }
  for (const node of byId.values()) node.children_count = node.children_data.length;
  return { byId, tops };
};
