import { useMemo } from 'react';
import { SEARCH_PAGE_SIZE } from '../../../schema/catalog/listing-query.ts';
import { useStoreClient } from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { useObservable } from '../../ui/use-observable.ts';
import { ListingTile, useProgressiveCount } from '../listing/index.ts';
import { rememberSearch } from './last-searches-store.ts';
import { isSearchable, useCatalogSearch } from './use-catalog-search.ts';
import { useT } from '../../i18n/use-t.tsx';
import './search.css';

/** The category of `/search={keywords}/category={category}`: undefined while the catalogue arrives, null if unknown. */
function useCategoryId(slug: string | undefined): number | null | undefined {
  const client = useStoreClient();
  const state = useObservable(client?.catalog.state$);
  return useMemo(() => {
    if (slug === undefined || slug === '') return null;
    if (!client || !state || state.categories === 0) return undefined;
    return client.catalog.categories().find((c) => c.slug === slug && c.is_active)?.id ?? null;
  }, [client, state, slug]);
}

/** The search results page (spec section 2, `/search={keywords}` and `/search={keywords}/category={category}`). */
export function SearchPage({ keywords, category }: { keywords: string; category?: string }) {
  const { t } = useT();
  const term = keywords.trim();
  const categoryId = useCategoryId(category);
  const search = useCatalogSearch(term, {
    perPage: SEARCH_PAGE_SIZE,
    enabled: categoryId !== undefined,
    ...(typeof categoryId === 'number' ? { categoryId } : {}),
    onSearch: rememberSearch,
  });
  useDocumentTitle(t('search.pageTitle', { keywords: term }));
  const results = search?.text === term ? search : undefined;
  const drawn = useProgressiveCount(results?.items.length ?? 0);

  return (
    <div className="page search-page" data-testid="search-page">
      <header className="page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {t('search.pageTitle', { keywords: term })}
        </h1>
      </header>
      <p className="search-page__count" role="status" data-testid="search-count">
        {!isSearchable(term)
          ? t('search.tooShort')
          : results
            ? t('search.found', { count: results.total })
            : t('search.searching')}
      </p>
      {results && results.total === 0 && (
        <p className="banner banner--warning" data-testid="search-empty">
          {results.source === 'local' ? t('search.noneOffline') : t('search.none')}
        </p>
      )}
      {results && results.items.length > 0 && (
        <ul className="grid" data-testid="search-grid">
          {results.items.slice(0, drawn).map((product, index) => (
            <ListingTile key={product.sku} product={product} eagerImage={index < 4} />
          ))}
        </ul>
      )}
    </div>
  );
}
