import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../schema/catalog/category.ts';
import type { SearchSort } from '../../../schema/search/query.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { useStoreClient, useSyncState } from '../../app/store-client.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { notify } from '../../ui/notifications.tsx';
import { useObservable } from '../../ui/use-observable.ts';
import { PathPage } from '../path/path-page.tsx';
import {
  canonicalPathFor,
  categoryPath,
  chooseSort,
  formatFilterPath,
  hasActiveFilters,
  parseFilterPath,
  resetFilters,
  robotsFor,
  toggleFilter,
  type ListingFilterState,
} from '../routing/index.ts';
import { FilterPanel } from './filter-panel.tsx';
import { ListingResults } from './listing-results.tsx';
import { SpaLink } from './spa-link.tsx';
import { useAttributes } from './use-attributes.ts';
import { useHeadTags } from './use-head-tags.ts';
import { usePagedListing } from './use-paged-listing.ts';

export const LISTING_PAGE_SIZE = 50;
/** How long an empty local catalogue is waited for before the slug counts as unknown. */
const CATEGORY_WAIT_MS = 4000;
const SORTS: readonly SearchSort[] = ['default', 'price-asc', 'price-desc'];

/** The category for the slug: undefined while the local catalogue is still arriving, null when there is none. */
function useCategory(slug: string): { category: Category | null | undefined; categories: readonly Category[] } {
  const client = useStoreClient();
  const state = useObservable(client?.catalog.state$);
  const [gaveUp, setGaveUp] = useState(false);
  const known = (state?.categories ?? 0) > 0;
  useEffect(() => {
    if (known) return;
    const timer = window.setTimeout(() => setGaveUp(true), CATEGORY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [known]);
  const categories = useMemo(() => (client && state ? client.catalog.categories() : []), [client, state]);
  if (!client || (!known && !gaveUp)) return { category: undefined, categories };
  return { category: categories.find((c) => c.slug === slug && c.is_active) ?? null, categories };
}

/** Home entry, then the category's active ancestors below the store root, then the category itself. */
const ancestorsOf = (category: Category, categories: readonly Category[]): Category[] => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return category.path
    .split('/')
    .map(Number)
    .filter((id) => id !== category.id)
    .map((id) => byId.get(id))
    .filter((c): c is Category => c !== undefined && c.level >= 2 && c.is_active);
};

function UnknownCategory() {
  const { online } = useSyncState();
  const navigate = useNavigate();
  useEffect(() => {
    if (online) return;
    notify({ kind: 'error', message: { key: 'listing.unavailableOffline' } });
    void navigate({ to: '/', replace: true });
  }, [online, navigate]);
  // Online, an unknown first segment is simply a page that does not exist.
  return online ? <NotFoundPage /> : null;
}

/** Routes `/$slug` and `/$slug/$`: a category listing with filter segments. */
export function CategoryPage() {
  const params = useParams({ strict: false });
  const slug = params.slug ?? '';
  const { category, categories } = useCategory(slug);
  const { t } = useTranslation();
  if (category === undefined) {
    return (
      <div className="page listing-page" aria-busy="true">
        <p className="listing-page__status">{t('listing.loading')}</p>
      </div>
    );
  }
  // Spec: "If the category lookup fails, the path is treated as a product" (or a search, a redirect...).
  if (category === null) return <PathPage notFound={<UnknownCategory />} />;
  return <CategoryListing category={category} categories={categories} filterPath={params._splat ?? ''} />;
}

interface CategoryListingProps {
  category: Category;
  categories: readonly Category[];
  filterPath: string;
}

function CategoryListing({ category, categories, filterPath }: CategoryListingProps) {
  const { t } = useTranslation();
  const client = useStoreClient();
  const router = useRouter();
  const attributesOrUndefined = useAttributes(client);
  const attributes = useMemo(() => attributesOrUndefined ?? [], [attributesOrUndefined]);
  useDocumentTitle(category.name);

  const parsed = useMemo(() => parseFilterPath(filterPath, attributes), [filterPath, attributes]);
  const [sort, setSort] = useState<SearchSort>('default');
  const state: ListingFilterState = useMemo(
    () => ({ filters: parsed.filters, ...(parsed.price ? { price: parsed.price } : {}), sort, current: 0 }),
    [parsed, sort],
  );
  const queryKey = JSON.stringify([category.id, state.filters, state.price ?? null, sort]);

  const search = (current: number) =>
    client!.searchCatalog({
      mode: 'listing',
      categoryId: category.id,
      filters: state.filters as Record<string, string[]>,
      ...(state.price ? { price: state.price } : {}),
      sort,
      current,
      perPage: LISTING_PAGE_SIZE,
      append: current > 0,
      populateAggregations: current === 0,
    });

  const listing = usePagedListing(queryKey, Boolean(client) && attributesOrUndefined !== undefined, search, 'listing');

  const go = (next: ListingFilterState) => {
    if (next.sort && next.sort !== sort) setSort(next.sort);
    const href = categoryPath(category.slug, formatFilterPath(next.filters, next.price, attributes));
    if (href !== categoryPath(category.slug, filterPath)) void router.navigate({ href, replace: true });
  };

  const robots = robotsFor(state.filters, state.price);
  useHeadTags(robots, canonicalPathFor(category.slug, state.filters, state.price, attributes));
  const ancestors = ancestorsOf(category, categories);
  const sortId = 'listing-sort';

  return (
    <div className="page listing-page" data-testid="category-page">
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          {ancestors.map((c) => (
            <li key={c.id}>
              <SpaLink href={categoryPath(c.slug)}>{c.name}</SpaLink>
            </li>
          ))}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <header className="page__header listing-page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {category.name}
        </h1>
        <div className="listing-page__sort">
          <label htmlFor={sortId}>{t('listing.sort.label')}</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => go(chooseSort(state, event.target.value as SearchSort))}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`listing.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="listing-page__body">
        <FilterPanel
          aggregations={listing.shown?.aggregations ?? null}
          attributes={attributes}
          filters={state.filters}
          active={hasActiveFilters(state)}
          onToggle={(code, value) => go(toggleFilter(state, code, value))}
          onReset={() => go(resetFilters(state))}
        />
        <ListingResults listing={listing} empty={<p className="banner banner--warning">{t('listing.empty')}</p>} />
      </div>
    </div>
  );
}
