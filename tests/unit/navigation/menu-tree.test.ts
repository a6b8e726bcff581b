import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '../../../schema/catalog/menu-tree.ts';

type Input = Parameters<typeof buildMenuTree>[0][number];

const category = (
  id: number,
  parent_id: number,
  name: string,
  level: number,
  position: number,
  extra: Partial<Input> = {},
): Input => ({
  id,
  parent_id,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  level,
  position,
  is_active: true,
  show_menu: true,
  ...extra,
});

/** The demo shop's tree (sync-server/catalog/demo-catalog.ts): root 2 below the tree's root 1. */
const shop: Input[] = [
  category(1, 0, 'Root Catalog', 0, 0),
  category(2, 1, 'Apple Store', 1, 0, { show_menu: false }),
  category(6, 2, 'iPhone', 2, 2),
  category(3, 2, 'MacBook', 2, 1),
  category(4, 3, 'MacBook Air', 3, 2),
  category(5, 3, 'MacBook Pro', 3, 1),
  category(10, 2, 'Accessories', 2, 5),
  category(11, 10, 'AirPods', 3, 1),
  category(14, 11, 'AirPods Cases', 4, 1),
  category(17, 14, 'Leather Cases', 5, 1),
  category(13, 2, 'Outlet', 2, 6, { is_active: false }),
  category(15, 13, 'Outlet Mac', 3, 1),
  category(16, 2, 'Gift Cards', 2, 7, { show_menu: false }),
];

describe('the main navigation built from the category tree', () => {
  it('lists the store root’s categories in their positions, each with its children in theirs', () => {
    const menu = buildMenuTree(shop);
    expect(menu.map((m) => m.name)).toEqual(['MacBook', 'iPhone', 'Accessories']);
    expect(menu[0]?.children.map((m) => m.name)).toEqual(['MacBook Pro', 'MacBook Air']);
    expect(menu[1]?.children).toEqual([]);
    expect(menu[0]?.children[0]?.children).toEqual([]);
  });

  it('links each entry to its category page', () => {
    const menu = buildMenuTree(shop);
    expect(menu[0]?.href).toBe('/macbook');
    expect(menu[0]?.children[0]?.href).toBe('/macbook-pro');
  });

  it('leaves out inactive categories, those not for the menu, and everything below them', () => {
    const names = buildMenuTree(shop).flatMap((m) => [m.name, ...m.children.map((c) => c.name)]);
    expect(names).not.toContain('Outlet');
    expect(names).not.toContain('Outlet Mac');
    expect(names).not.toContain('Gift Cards');
    expect(names).not.toContain('Apple Store');
  });

  it('keeps three levels: deeper categories are reached from their category page', () => {
    const accessories = buildMenuTree(shop).find((m) => m.name === 'Accessories');
    expect(accessories?.children.map((c) => c.name)).toEqual(['AirPods']);
    const airpods = accessories?.children[0];
    expect(airpods?.children.map((c) => c.name)).toEqual(['AirPods Cases']);
    expect(airpods?.children[0]?.href).toBe('/airpods-cases');
    expect(airpods?.children[0]?.children).toEqual([]);
  });

  it('orders equal positions by name, so the menu does not reshuffle between devices', () => {
    const menu = buildMenuTree([category(21, 2, 'Watch', 2, 1), category(20, 2, 'Mac', 2, 1)]);
    expect(menu.map((m) => m.name)).toEqual(['Mac', 'Watch']);
  });

  it('is empty before the catalogue has arrived', () => {
    expect(buildMenuTree([])).toEqual([]);
  });
});
