import { useMemo } from 'react';
import type { Category } from '../../../schema/catalog/category.ts';
import { useStoreClient } from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { FLAG_PAGE_SLUGS } from '../flags/index.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { categoryPath } from '../../../schema/routing/route-paths.ts';
import { useCmsPages } from './use-cms-pages.ts';
import { useT } from '../../i18n/use-t.tsx';
import { categoryName } from '../../../schema/catalog/localized.ts';
import { Shown } from '../localized/index.ts';
import { userTextLang } from '../../ui/user-text-lang.ts';
import './sitemap-page.css';

interface Branch {
  category: Category;
  children: Branch[];
}

/** The active categories below the store root as a tree, in their positions. */
const treeOf = (categories: readonly Category[]): Branch[] => {
  const active = categories.filter((c) => c.is_active && c.level >= 2);
  const ids = new Set(active.map((c) => c.id));
  const build = (parentId: number | null): Branch[] =>
    active
      .filter((c) => (parentId === null ? !ids.has(c.parent_id) : c.parent_id === parentId))
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'bg'))
      .map((category) => ({ category, children: build(category.id) }));
  return build(null);
};

function CategoryBranches({ branches }: { branches: readonly Branch[] }) {
  const { language } = useT();
  return (
    <ul className="sitemap__list">
      {branches.map(({ category, children }) => (
        <li key={category.id}>
          <SpaLink href={categoryPath(category.slug)}>
            <Shown shown={categoryName(category, language)} pageLanguage={language} />
          </SpaLink>
          {children.length > 0 && <CategoryBranches branches={children} />}
        </li>
      ))}
    </ul>
  );
}

/** /sitemap (spec section 2, "Utility pages"): the categories, the listing pages and the content pages as links. */
export function SitemapPage() {
  const { t, language } = useT();
  const client = useStoreClient();
  const state = useObservable(client?.catalog.state$);
  const categories = useMemo(() => (client && state ? client.catalog.categories() : []), [client, state]);
  const tree = useMemo(() => treeOf(categories), [categories]);
  const unsorted = useCmsPages(client);
  const pages = useMemo(
    () => unsorted && [...unsorted].sort((a, b) => a.title.localeCompare(b.title, 'bg')),
    [unsorted],
  );
  useDocumentTitle(t('pages.sitemap.title'));
  return (
    <div className="page sitemap" data-testid="sitemap-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('pages.sitemap.title')}
      </h1>
      <div className="sitemap__sections">
        <section aria-labelledby="sitemap-categories">
          <h2 id="sitemap-categories">{t('pages.sitemap.categories')}</h2>
          {tree.length > 0 ? <CategoryBranches branches={tree} /> : <p>{t('pages.sitemap.loading')}</p>}
        </section>
        <section aria-labelledby="sitemap-offers">
          <h2 id="sitemap-offers">{t('pages.sitemap.offers')}</h2>
          <ul className="sitemap__list">
            {FLAG_PAGE_SLUGS.map(({ slug, flag }) => (
              <li key={slug}>
                <SpaLink href={`/${slug}`}>{t(`pages.flags.${flag}`)}</SpaLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">{t('pages.sitemap.pages')}</h2>
          {pages === undefined ? (
            <p>{t('pages.sitemap.loading')}</p>
          ) : pages.length === 0 ? (
            <p>{t('pages.sitemap.noPages')}</p>
          ) : (
            <ul className="sitemap__list">
              {pages.map((page) => (
                <li key={page.id}>
                  <SpaLink href={`/${page.slug}`} lang={userTextLang(page.title, language)}>
                    {page.title}
                  </SpaLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
