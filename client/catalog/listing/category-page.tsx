import { useParams, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Category } from '../../../schema/catalog/category.ts';
import { NotFoundPage } from '../../ui/not-found-page.tsx';
import type { Attribute } from '../../../schema/catalog/attribute.ts';
import {
  useHoldStoreClientStart,
  useStoreClient,
  useSyncState,
  type StoreClient,
  useAttributes,
  useCustomerGroup,
} from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { notify } from '../../ui/notifications.tsx';
import { useObservable } from '../../ui/use-observable.ts';
import {
  useMetaDescription,
  listingJsonLd,
  serializeJsonLd,
  useAmpLink,
  useHeadTags,
  useJsonLd,
} from '../seo/index.ts';
import { ampCategoryPath } from '../../../schema/routing/amp-paths.ts';
import {
  canonicalPathFor,
  choosePriceRange,
  chooseSort,
  hasActiveFilters,
  resetFilters,
  robotsFor,
  toggleFilter,
  type ListingFilterState,
} from '../routing/index.ts';
import { categoryPath, productPath } from '../../../schema/routing/route-paths.ts';
import { filterSegmentCount, formatFilterPath, parseFilterPath } from '../../../schema/routing/filter-path.ts';
import { parseSortParam, withSortParam } from '../../../schema/routing/sort-param.ts';
import { FilterPanel } from './filter-panel.tsx';
import { listingMetaDescription } from './listing-meta.ts';
import { ListingResults } from './listing-results.tsx';
import { MobileFilters } from './mobile-filters.tsx';
import { SortControl } from './sort-control.tsx';
import { SpaLink } from '../../ui/spa-link.tsx';
import { useListingView } from './use-listing-view.ts';
import { useMediaQuery } from './use-media-query.ts';
import { usePagedListing } from './use-paged-listing.ts';
import { fetchAttributes, fetchCategories } from './server-catalog.ts';
import { listingQuery } from '../../../schema/catalog/listing-query.ts';
import { searchBeforeClient, takeEmbeddedSearch } from './search-before-client.ts';
import { useServerList } from './use-server-list.ts';
import { useApprovedReviews } from './use-reviews.ts';
import { ViewSwitch } from './view-switch.tsx';
import { CATEGORY_SLUG } from '../../../schema/catalog/rules/product-address.ts';
import { useT } from '../../i18n/use-t.tsx';
import { categoryName } from '../../../schema/catalog/localized.ts';
import { ancestorsOf } from '../../../schema/catalog/category-ancestors.ts';
import { langOf, Shown } from '../localized/index.ts';
import './listing.css';

/** How long an empty local catalogue is waited for before the slug counts as unknown. */
const CATEGORY_WAIT_MS = 4000;
/** Below the spec's 768 px breakpoint the filters are a full-screen dialog (spec section 2, "Category page"). */
const NARROW_SCREEN = '(max-width: 767px)';

interface CategoryLookup {
  /** Undefined while the answer is awaited, null when the slug names no category. */
  category: Category | null | undefined;
  categories: readonly Category[];
  /** The server has not answered yet (online, nothing on the device). */
  askingServer: boolean;
}

/**
 * The category for the slug. The device's copy once it holds one; before that (a cold visit online) the
 * server's list, so the first grid does not wait for the local database to start and replicate. A slug the
 * server does not know as a category goes to the path page at once, which asks the server for the product or
 * page it names. Offline, only the device answers.
 */
function useCategory(slug: string): CategoryLookup {
  const client = useStoreClient();
  const { online } = useSyncState();
  const state = useObservable(client?.catalog.state$);
  const [gaveUp, setGaveUp] = useState(false);
  const known = (state?.categories ?? 0) > 0;
  const couldBeCategory = CATEGORY_SLUG.test(slug);
  const remote = useServerList(fetchCategories, online && !known && couldBeCategory);
  useEffect(() => {
    if (known) return;
    const timer = window.setTimeout(() => setGaveUp(true), CATEGORY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [known]);
  const local = useMemo(() => (client && state ? client.catalog.categories() : []), [client, state]);
  const find = (list: readonly Category[]) => list.find((c) => c.slug === slug && c.is_active) ?? null;
  const askingServer = online && !known && couldBeCategory && remote === undefined;
  const fromServer = remote ? find(remote) : null;
  const lookup = { askingServer };
  if (client && known) return { category: find(local), categories: local, ...lookup };
  if (remote && fromServer) return { category: fromServer, categories: remote, ...lookup };
  // Online, a slug no category can have, or one the server's list lacks, is the path page's at once: it asks
  // the server for a product or a page itself.
  if (online && (!couldBeCategory || remote)) return { category: null, categories: remote ?? local, ...lookup };
  if (!client || !gaveUp) return { category: undefined, categories: local, ...lookup };
  return { category: find(local), categories: local, ...lookup };
}

/**
 * The filter attributes: the device's once it holds some; before that, online, the server's. Undefined while
 * waiting; the device's (possibly empty) list when offline or when the server could not answer.
 */
function useListingAttributes(client: StoreClient | null, online: boolean): readonly Attribute[] | undefined {
  const local = useAttributes(client);
  const haveLocal = local !== undefined && local.length > 0;
  const remote = useServerList(fetchAttributes, online && !haveLocal);
  if (haveLocal) return local;
  if (remote) return remote;
  return local !== undefined && (!online || remote === null) ? local : undefined;
}

/** The first path segment the router is on now (decoded), to tell this page's address from the next one's. */
const firstSegmentOf = (pathname: string): string => {
  try {
    return decodeURIComponent(pathname.split('/')[1] ?? '');
  } catch {
    return '';
  }
};

function UnknownCategory({ slug }: { slug: string }) {
  const { online } = useSyncState();
  const router = useRouter();
  useEffect(() => {
    if (online) return;
    // While the router leaves this page (say for /cart) this component can render once more with the next
    // address's params: only the address that was looked up and not found goes home.
    if (slug === '' || firstSegmentOf(router.state.location.pathname) !== slug) return;
    notify({ kind: 'error', message: { key: 'listing.unavailableOffline' } });
    void router.navigate({ to: '/', replace: true });
  }, [online, router, slug]);
  // Online, an unknown first segment is simply a page that does not exist.
  return online ? <NotFoundPage /> : null;
}

/**
 * Routes `/$slug` and `/$slug/$`: a category listing with filter segments. A slug that names no category is the
 * `otherwise` page's (the path page: client/catalog/path/path-routes.tsx), which shows `notFound` when the path
 * names nothing else either.
 */
export function CategoryPage({ otherwise: Otherwise }: { otherwise: ComponentType<{ notFound: ReactNode }> }) {
  const params = useParams({ strict: false });
  const slug = params.slug ?? '';
  const { category, categories, askingServer } = useCategory(slug);
  const { t } = useT();
  // While the server says whether this is a category, the local store waits; a product path needs it at once.
  useHoldStoreClientStart(askingServer);
  // Asked beside the categories, not after them: the listing reads the same answer (one round trip less).
  useServerList(fetchAttributes, askingServer);
  if (category === undefined) {
    return (
      <div className="page listing-page" aria-busy="true">
        <p className="listing-page__status">{t('listing.loading')}</p>
      </div>
    );
  }
  // Spec: "If the category lookup fails, the path is treated as a product" (or a search, a redirect...).
  if (category === null) return <Otherwise notFound={<UnknownCategory slug={slug} />} />;
  return <CategoryListing category={category} categories={categories} filterPath={params._splat ?? ''} />;
}

interface CategoryListingProps {
  category: Category;
  categories: readonly Category[];
  filterPath: string;
}

function CategoryListing({ category, categories, filterPath }: CategoryListingProps) {
  const { t, language } = useT();
  const client = useStoreClient();
  const { online } = useSyncState();
  const router = useRouter();
  const attributesOrUndefined = useListingAttributes(client, online);
  const attributes = useMemo(() => attributesOrUndefined ?? [], [attributesOrUndefined]);
  const reviews = useApprovedReviews(client);
  const [view, setView] = useListingView();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const name = categoryName(category, language);
  useDocumentTitle(name.text);

  const parsed = useMemo(() => parseFilterPath(filterPath, attributes), [filterPath, attributes]);
  const sort = parseSortParam(useRouterState({ select: (s) => s.location.searchStr }));
  const state: ListingFilterState = useMemo(
    () => ({ filters: parsed.filters, ...(parsed.price ? { price: parsed.price } : {}), sort, current: 0 }),
    [parsed, sort],
  );
  // The customer group prices the sort, the price filter and the buckets: a login or logout asks again.
  const customerGroup = useCustomerGroup();
  const queryKey = JSON.stringify([category.id, state.filters, state.price ?? null, sort, customerGroup]);

  const search = (current: number) => {
    const query = listingQuery(category.id, { filters: state.filters, price: state.price, sort }, current);
    return client ? client.searchCatalog(query) : searchBeforeClient(query);
  };

  // Offline the grid waits for the device; online a cold visit asks the server at once.
  const ready = (Boolean(client) || online) && attributesOrUndefined !== undefined;
  const listing = usePagedListing(queryKey, ready, search, 'listing', () =>
    client
      ? undefined
      : takeEmbeddedSearch(listingQuery(category.id, { filters: state.filters, price: state.price, sort }, 0)),
  );
  useHoldStoreClientStart(online && !client && listing.current === undefined);

  /** Every filter, price and sort change rewrites the address; the listing follows the address. */
  const go = (next: ListingFilterState) => {
    const path = categoryPath(category.slug, formatFilterPath(next.filters, next.price, attributes));
    const href = withSortParam(path, next.sort ?? sort);
    if (href !== withSortParam(categoryPath(category.slug, filterPath), sort)) {
      void router.navigate({ href, replace: true });
    }
  };

  const ancestors = useMemo(() => ancestorsOf(category, categories), [category, categories]);
  useHeadTags(
    robotsFor(state.filters, state.price),
    canonicalPathFor(category.slug, state.filters, state.price, attributes),
  );
  useAmpLink(ampCategoryPath(category.slug));
  useMetaDescription(
    listingMetaDescription({
      category,
      filters: state.filters,
      attributes,
      fallback: t('listing.metaDescription', { name: category.name }),
    }),
  );
  const items = listing.current?.items;
  const homeLabel = t('listing.home');
  const jsonLd = useMemo(() => {
    if (!items) return undefined;
    const breadcrumbs = [
      { name: homeLabel, path: '/' },
      ...ancestors.map((c) => ({ name: c.name, path: categoryPath(c.slug) })),
      { name: category.name, path: categoryPath(category.slug) },
    ];
    return serializeJsonLd(
      listingJsonLd({
        origin: window.location.origin,
        breadcrumbs,
        listName: category.name,
        products: items.map((p) => ({ ...p, path: productPath(p.slug, p.sku) })),
        reviews: reviews ?? [],
        now: new Date(),
      }),
    );
  }, [items, reviews, homeLabel, category, ancestors]);
  useJsonLd(jsonLd);

  const panel = (
    <FilterPanel
      aggregations={listing.shown?.aggregations ?? null}
      attributes={attributes}
      filters={state.filters}
      price={state.price}
      active={hasActiveFilters(state)}
      showTitle={!narrow}
      onToggle={(code, value) => go(toggleFilter(state, code, value))}
      onPrice={(range) => go(choosePriceRange(state, range))}
      onReset={() => go(resetFilters(state))}
    />
  );

  return (
    <div className="page listing-page" data-testid="category-page">
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{homeLabel}</SpaLink>
          </li>
          {ancestors.map((c) => (
            <li key={c.id}>
              <SpaLink href={categoryPath(c.slug)}>
                <Shown shown={categoryName(c, language)} pageLanguage={language} />
              </SpaLink>
            </li>
          ))}
          <li aria-current="page" lang={langOf(name, language)}>
            {name.text}
          </li>
        </ol>
      </nav>
      <header className="page__header listing-page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading lang={langOf(name, language)}>
          {name.text}
        </h1>
        <div className="listing-page__controls">
          {narrow && (
            <MobileFilters activeCount={filterSegmentCount(state.filters, state.price)} total={listing.current?.total}>
              {panel}
            </MobileFilters>
          )}
          <SortControl sort={sort} onChange={(next) => go(chooseSort(state, next))} />
          <ViewSwitch view={view} onChange={setView} />
        </div>
      </header>
      <div className="listing-page__body">
        {!narrow && panel}
        <ListingResults
          listing={listing}
          attributes={attributes}
          view={view}
          empty={<p className="banner banner--warning">{t('listing.empty')}</p>}
        />
      </div>
    </div>
  );
}
