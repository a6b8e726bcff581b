import type { CategoryInput } from '../../../schema/catalog/category.ts';
import { categorySlug } from '../../../schema/catalog/slug.ts';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import { vsf1CategorySchema, type Vsf1Category } from './vsf1-source-schemas.ts';

/**
 * VSF1 stores categories as a tree: each category document carries its subtree in `children_data`, and every
 * category is also a document of its own. Our model stores them flat (`parent_id`, `path`), so the tree is walked
 * into nodes, one category per id is chosen (its own document over a copy nested in another's), and the fields the
 * tree implied are made explicit: path, level, parent, url path, slug, children count.
 */

export interface CategoryNode {
  source: Vsf1Category;
  /** The category this node was nested in, for a node without parent_id. */
  treeParent: number | undefined;
  /** True for a copy found in another document's children_data. */
  nested: boolean;
  /** Where the node sits in its line's document ('_source.children_data.0.'), for reports. */
  field: string;
}

export interface CategoryNodeProblem {
  field: string;
  reason: string;
}

/** A category document and every node nested in it, each checked; a bad nested node is left out with its subtree. */
export const categoryNodes = (root: Vsf1Category): { nodes: CategoryNode[]; problems: CategoryNodeProblem[] } => {
  const nodes: CategoryNode[] = [];
  const problems: CategoryNodeProblem[] = [];
  const stack: CategoryNode[] = [{ source: root, treeParent: undefined, nested: false, field: '_source.' }];
  while (stack.length > 0) {
    const node = stack.pop() as CategoryNode;
    nodes.push(node);
    const children: CategoryNode[] = [];
    node.source.children_data.forEach((child, i) => {
      const field = `${node.field}children_data.${i}.`;
      const parsed = vsf1CategorySchema.safeParse(child);
      if (parsed.success) children.push({ source: parsed.data, treeParent: node.source.id, nested: true, field });
      else {
        const described = describeZodError(parsed.error, field, 'category');
        problems.push({ field: described.field, reason: described.message });
      }
    });
    stack.push(...children.reverse());
  }
  return { nodes, problems };
};

/**
 * The chosen categories (one node per id) in our flat model:
 * - parent_id: as given, else the node it was nested in, else 0;
 * - path: as given, else the parent's path + '/' + id, else parent_id + '/' + id (VSF1's root's parent, 1, is
 *   no document of its own); level: as given, else the path's depth;
 * - slug: as given, else `categorySlug(name)`; when several generated slugs (or a generated and a given one)
 *   collide, the generated ones get '-<id>', VSF1's own scheme ("tees-33"); a name with no Latin letters or digits
 *   gives 'category-<id>';
 * - url_key: as given, else the slug; url_path: as given, else the slugs from the first level below the root down;
 * - children_count: as given, else the number of direct children imported; show_menu: include_in_menu.
 */
export const mapCategories = (chosen: readonly CategoryNode[]): CategoryInput[] => {
  const byId = new Map(chosen.map((node) => [node.source.id, node]));
  const parentOf = (node: CategoryNode): number => node.source.parent_id ?? node.treeParent ?? 0;

  const generated = new Map<number, string>();
  const uses = new Map<string, number>();
  for (const { source } of chosen) {
    const slug = source.slug ?? (categorySlug(source.name) || `category-${source.id}`);
    if (!source.slug) generated.set(source.id, slug);
    uses.set(slug, (uses.get(slug) ?? 0) + 1);
  }
  const slugOf = (node: CategoryNode): string => {
    const own = node.source.slug;
    if (own) return own;
    const base = generated.get(node.source.id) ?? `category-${node.source.id}`;
    return (uses.get(base) ?? 0) > 1 ? `${base}-${node.source.id}` : base;
  };

  const paths = new Map<number, string>();
  const pathOf = (node: CategoryNode, seen: Set<number> = new Set()): string => {
    const known = paths.get(node.source.id);
    if (known !== undefined) return known;
    let path = node.source.path;
    if (!path) {
      const parentId = parentOf(node);
      const parent = byId.get(parentId);
      seen.add(node.source.id);
      path =
        parent && !seen.has(parentId)
          ? `${pathOf(parent, seen)}/${node.source.id}`
          : `${parentId ? `${parentId}/` : ''}${node.source.id}`;
    }
    paths.set(node.source.id, path);
    return path;
  };
  const levelOf = (node: CategoryNode): number => node.source.level ?? pathOf(node).split('/').length - 1;

  const urlPaths = new Map<number, string>();
  const urlPathOf = (node: CategoryNode, seen: Set<number> = new Set()): string => {
    const known = urlPaths.get(node.source.id);
    if (known !== undefined) return known;
    let urlPath = node.source.url_path;
    if (urlPath === undefined) {
      const parent = byId.get(parentOf(node));
      seen.add(node.source.id);
      urlPath =
        parent && levelOf(parent) >= 2 && !seen.has(parent.source.id)
          ? `${urlPathOf(parent, seen)}/${slugOf(node)}`
          : slugOf(node);
    }
    urlPaths.set(node.source.id, urlPath);
    return urlPath;
  };

  const childCounts = new Map<number, number>();
  for (const node of chosen) childCounts.set(parentOf(node), (childCounts.get(parentOf(node)) ?? 0) + 1);

  return chosen.map((node) => {
    const { source } = node;
    const slug = slugOf(node);
    return {
      id: source.id,
      parent_id: parentOf(node),
      name: source.name,
      slug,
      url_key: source.url_key ?? slug,
      url_path: urlPathOf(node),
      path: pathOf(node),
      level: levelOf(node),
      position: source.position ?? 0,
      is_active: source.is_active ?? true,
      product_count: source.product_count ?? 0,
      children_count: source.children_count ?? childCounts.get(source.id) ?? 0,
      show_menu: source.include_in_menu ?? true,
      image: source.image ?? '',
      description: source.description ?? '',
      meta_title: source.meta_title ?? '',
      meta_description: source.meta_description ?? '',
    };
  });
};
