import './add-texts.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { useT } from '../i18n/use-t.tsx';
import { EXTRA_LINKS } from './extra-links.ts';
import type { ShopLink, ShopLinks } from './shop-links.ts';
import { MenuName } from './menu-name.tsx';
import { ShopContact } from '../ui/shop-contact.tsx';
import './site-footer.css';

function LinkList({ title, links, testId }: { title: string; links: readonly ShopLink[]; testId: string }) {
  if (links.length === 0) return null;
  return (
    <div className="site-footer__column" data-testid={testId}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__list">
        {links.map((link) => (
          <li key={`${link.id}-${link.href}`}>
            <SpaLink href={link.href}>
              <MenuName item={{ name: link.title, name_en: link.title_en }} />
            </SpaLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer from GET /api/catalog/init's `footer_menu` (top categories, content pages: delivery, guarantee,
 * terms...), kept from the last answer for offline use, and the shop's contact details (schema/shop/contact.ts); the shop's own pages (contact, ads,
 * sitemap) are always there, so the footer is never without a way on. Its columns are plain groups under
 * headings, not landmarks (a region named "Категории" would clash with home's section): the footer is the one.
 */
export function SiteFooter({ links }: { links: ShopLinks | null }) {
  const { t } = useT();
  const shop: ShopLink[] = [
    ...EXTRA_LINKS.map((link, index) => ({ id: -1 - index, title: t(`navigation.${link.key}`), href: link.href })),
    { id: -10, title: t('navigation.sitemap'), href: '/sitemap' },
  ];
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__columns">
          <LinkList
            title={t('navigation.footerCategories')}
            links={links?.categories ?? []}
            testId="footer-categories"
          />
          <LinkList title={t('navigation.footerInfo')} links={links?.pages ?? []} testId="footer-pages" />
          <LinkList title={t('navigation.footerShop')} links={shop} testId="footer-shop" />
          <div className="site-footer__column" data-testid="footer-contact">
            <h2 className="site-footer__heading">{t('navigation.contact')}</h2>
            <ShopContact />
          </div>
        </div>
        <div className="site-footer__notes">
          <p>{t('app.footerRate')}</p>
          <p>{t('app.footerOffline')}</p>
          <p>
            © {new Date().getFullYear()} {t('app.name')}
          </p>
        </div>
      </div>
    </footer>
  );
}
