import { ROOT_CATEGORY_ID, type Category } from './category.ts';
import { categoryPath } from '../routing/route-paths.ts';

/** One entry of the main navigation: a category page and, for a top entry, its own entries. */
export interface MenuItem {
  id: number;
  name: string;
  /** The name in English where the catalogue has one (issue 19). */
  name_en?: string;
  href: string;
  children: MenuItem[];
}

type MenuCategory = Pick<
  Category,
  'id' | 'parent_id' | 'name' | 'name_en' | 'slug' | 'level' | 'position' | 'is_active' | 'show_menu'
>;

const byPosition = (a: MenuCategory, b: MenuCategory): number =>
  a.position - b.position || a.name.localeCompare(b.name, 'bg') || a.id - b.id;

/** The menu bar, its submenus, and their own entries (Лаптопи > MacBook > MacBook Air); deeper ones are on the
 * category pages. */
export const MENU_DEPTH = 3;

/**
 * The main navigation from the category tree (spec: `show_menu`, `position`, `level`, active only): the store
 * root's active menu categories in their positions, each with its active menu children one level down, to
 * MENU_DEPTH levels. A category whose parent is hidden or inactive is left out with it, so the menu never shows
 * a branch the shopper cannot reach from above.
 */
export function buildMenuTree(categories: readonly MenuCategory[]): MenuItem[] {
  const shown = categories.filter((c) => c.is_active && c.show_menu);
  const childrenOf = (parentId: number, level: number): MenuCategory[] =>
    shown.filter((c) => c.parent_id === parentId && c.level === level).sort(byPosition);
  const item = (c: MenuCategory, depth: number): MenuItem => ({
    id: c.id,
    name: c.name,
    ...(c.name_en ? { name_en: c.name_en } : {}),
    href: categoryPath(c.slug),
    children: depth < MENU_DEPTH ? childrenOf(c.id, c.level + 1).map((child) => item(child, depth + 1)) : [],
  });
  const root = categories.find((c) => c.id === ROOT_CATEGORY_ID);
  const topLevel = root ? root.level + 1 : 2;
  return childrenOf(ROOT_CATEGORY_ID, topLevel).map((top) => item(top, 1));
}
