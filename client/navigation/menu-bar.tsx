import { MainMenu } from './main-menu.tsx';
import { useMenuItems } from './use-menu-items.ts';
import { useShopLinks } from './use-shop-links.ts';

/** The desktop menu bar with its data: its own chunk (lazy-navigation.tsx), off the first page's budget. */
export default function MenuBar({ bootInit }: { bootInit: unknown }) {
  const items = useMenuItems(useShopLinks(bootInit));
  return <MainMenu items={items} />;
}
