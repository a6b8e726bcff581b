import { useLocation, useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { CmsPage } from '../../../schema/catalog/content.ts';
import { getStoreClient, useHoldStoreClientStart, useStoreClient, useSyncState } from '../../store/index.ts';
import { notify } from '../../ui/notifications.tsx';
import { useObservable } from '../../ui/use-observable.ts';
import { CmsPageView, fetchCmsPage, SitemapPage, useCmsPages } from '../content/index.ts';
import { FlagPage } from '../flags/index.ts';
import { ProductPage, fetchProducts, isRejectedProduct } from '../product/index.ts';
import { decodeSegment, skuCandidates } from '../../../schema/catalog/rules/product-address.ts';
import { resolvePath, type Resolution } from '../routing/index.ts';
import { SearchPage } from '../search/index.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Products (by sku) and the CMS page found on the server for a path (undefined while asking). */
type Remote = { path: string; products: ReadonlyMap<string, CatalogProduct>; page: CmsPage | null };

/**
 * What a first segment that names no category is (spec section 2, "Category resolution": "If the category
 * lookup fails, the path is treated as a product"): a search, a product (looked up on the device, then on the
 * server while online), a redirect (legacy, canonical product path, a variant to its parent), a flag listing,
 * a CMS page (held on the device, else asked of the server while online), the sitemap, or `notFound`.
 */
export function PathPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useT();
  const client = useStoreClient();
  const { online } = useSyncState();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const catalogState = useObservable(client?.catalog.state$);
  const [remote, setRemote] = useState<Remote | undefined>();
  const cmsPages = useCmsPages(client);

  const remotePage = remote?.path === pathname ? remote.page : null;
  const pageBySlug = (slug: string): CmsPage | undefined =>
    cmsPages?.find((page) => page.slug === slug) ?? (remotePage?.slug === slug ? remotePage : undefined);
  const resolve = (extra: ReadonlyMap<string, CatalogProduct>): Resolution =>
    resolvePath(pathname, {
      categoryBySlug: (slug) => client?.catalog.categories().find((c) => c.slug === slug && c.is_active),
      isStaticPage: (slug) => pageBySlug(slug) !== undefined,
      productBySku: (sku) => client?.catalog.product(sku) ?? extra.get(sku),
      attributes: [],
    });
  const remoteProducts = remote?.path === pathname ? remote.products : undefined;
  // catalogState: a product that replicates in later resolves then.
  const resolution = useMemo(
    () => resolve(remoteProducts ?? new Map()),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname, client, catalogState, remoteProducts, cmsPages, remotePage],
  );

  // Until the device's CMS pages have been read, an unresolved path may still be one of them.
  const awaitingPages = resolution.kind === 'not-found' && cmsPages === undefined;
  // Online, the server is asked at once rather than after the local store has started and caught up: a cold
  // product page paints its product a whole store startup sooner. The device still answers offline.
  const needsRemote = resolution.kind === 'not-found' && online && remoteProducts === undefined;
  // The local store's startup waits while the server is asked (store-client-start.ts)...
  useHoldStoreClientStart(needsRemote && client === null);
  // ...and is needed at once when the server did not know the path, or offline: only the device can answer.
  const needsDevice = resolution.kind === 'not-found' && !needsRemote;
  useEffect(() => {
    if (needsDevice) void getStoreClient();
  }, [needsDevice]);
  useEffect(() => {
    if (!needsRemote) return;
    const controller = new AbortController();
    const segment = decodeSegment(pathname.split('/').find((part) => part !== '') ?? '');
    // A CMS page is one segment: '/{slug}'.
    const oneSegment = pathname.split('/').filter((part) => part !== '').length === 1;
    void (async () => {
      // Every sku the address may end with, in one request; a variant comes with its parent, whose slug the
      // redirect to it needs.
      const products = (await fetchProducts(skuCandidates(segment), controller.signal)) ?? new Map();
      // Asked only when no product matched: an unknown page is a 404, which the browser logs on every product
      // address otherwise.
      const page = products.size === 0 && oneSegment ? await fetchCmsPage(segment, controller.signal) : null;
      if (!controller.signal.aborted) startTransition(() => setRemote({ path: pathname, products, page }));
    })();
    return () => controller.abort();
  }, [needsRemote, pathname]);

  const redirectTo = resolution.kind === 'redirect' ? resolution.to : undefined;
  useEffect(() => {
    if (redirectTo !== undefined) void router.navigate({ href: redirectTo, replace: true });
  }, [redirectTo, router]);

  const product =
    resolution.kind === 'product'
      ? (client?.catalog.product(resolution.parentSku) ?? remoteProducts?.get(resolution.parentSku))
      : undefined;
  const rejected = product !== undefined && isRejectedProduct(product);
  useEffect(() => {
    if (!rejected) return;
    // Spec section 4: "A failure shows an out-of-stock notice and returns the user to the previous page."
    notify({ kind: 'error', message: { key: 'product.loadFailed' } });
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/', replace: true });
  }, [rejected, router]);

  if (resolution.kind === 'search') {
    return resolution.category === undefined ? (
      <SearchPage keywords={resolution.keywords} />
    ) : (
      <SearchPage keywords={resolution.keywords} category={resolution.category} />
    );
  }
  if (resolution.kind === 'flag') {
    return (
      <FlagPage
        key={resolution.slug}
        slug={resolution.slug}
        flag={resolution.flag}
        filters={resolution.filters}
        price={resolution.price}
      />
    );
  }
  if (resolution.kind === 'sitemap') return <SitemapPage />;
  const page = resolution.kind === 'static' ? pageBySlug(resolution.slug) : undefined;
  if (page) return <CmsPageView key={page.slug} page={page} />;
  if (product && !rejected) {
    const cto = resolution.kind === 'product' ? resolution.ctoOptions : undefined;
    return <ProductPage key={product.sku} product={product} {...(cto ? { ctoOptions: cto } : {})} />;
  }
  if (needsRemote || redirectTo !== undefined || rejected) {
    return (
      <div className="page product-page" aria-busy="true">
        <p className="listing-page__status">{t('product.loading')}</p>
      </div>
    );
  }
  if (awaitingPages) {
    return (
      <div className="page content-page" aria-busy="true">
        <p className="listing-page__status">{t('pages.loading')}</p>
      </div>
    );
  }
  return <>{notFound}</>;
}
