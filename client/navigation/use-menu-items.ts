import { useMemo } from 'react';
import { useStoreClient } from '../store/index.ts';
import { useObservable } from '../ui/use-observable.ts';
import { buildMenuTree, type MenuItem } from '../../schema/catalog/menu-tree.ts';
import type { ShopLinks } from './shop-links.ts';

/**
 * The main navigation's entries from the catalogue held on this device (so it works offline); until that has
 * been read, the init answer's menu, built by the same rule from the same categories, so nothing moves when the
 * device's takes over (issue 29, item 14). From a server without one, the footer's top categories.
 */
export function useMenuItems(links: ShopLinks | null): MenuItem[] {
  const client = useStoreClient();
  const state = useObservable(client?.catalog.state$);
  const local = useMemo(() => (client && state ? buildMenuTree(client.catalog.categories()) : []), [client, state]);
  return useMemo(
    () =>
      local.length > 0
        ? local
        : links && links.menu.length > 0
          ? links.menu
          : (links?.categories ?? []).map((c) => ({
              id: c.id,
              name: c.title,
              ...(c.title_en ? { name_en: c.title_en } : {}),
              href: c.href,
              children: [],
            })),
    [local, links],
  );
}
