import { SiteFooter } from './site-footer.tsx';
import { useShopLinks } from './use-shop-links.ts';

/** The footer with its data: its own chunk (lazy-navigation.tsx), off the first page's budget. */
export default function FooterWithLinks({ bootInit }: { bootInit: unknown }) {
  return <SiteFooter links={useShopLinks(bootInit)} />;
}
