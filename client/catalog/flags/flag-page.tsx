import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import { type PriceRangeFilter, MAX_PAGE_SIZE } from '../../../schema/search/query.ts';
import { useStoreClient, useAttributes, useCustomerGroup } from '../../store/index.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { ListingResults, usePagedListing } from '../listing/index.ts';
import { SpaLink } from '../../ui/spa-link.tsx';
import { useHeadTags } from '../seo/index.ts';
import { LISTING_PAGE_SIZE } from '../../../schema/catalog/listing-query.ts';
import type { ListingFlag } from '../../../schema/routing/route-table.ts';
import { FLAG_ATTRIBUTE_CODE, flagOptionValue, productHasFlag } from './flag-products.ts';
import { useT } from '../../i18n/use-t.tsx';
import './flag-page.css';

interface FlagPageProps {
  slug: string;
  flag: ListingFlag;
  /** Filter segments after the flag path, as `resolvePath` read them. */
  filters: Readonly<Record<string, string[]>>;
  price?: PriceRangeFilter | undefined;
}

/**
 * /new-apple-products, /promo-apple-products, /pre-orders-apple, /komplekti, /special-offers (spec section 2:
 * "One listing page each, filtered by a flag"). Where the catalogue has the `flag` attribute its products are
 * found with the listing search's attribute filter, a page at a time; otherwise (the demo catalogue) all listed
 * products are asked for once and kept when their `new`/`sale`/`promo` booleans carry the flag.
 */
export function FlagPage({ slug, flag, filters, price }: FlagPageProps) {
  const { t } = useT();
  const client = useStoreClient();
  const attributes = useAttributes(client);
  const title = t(`pages.flags.${flag}`);
  useDocumentTitle(title);
  useHeadTags('index,follow', `/${slug}`);

  const optionValue = attributes === undefined ? undefined : (flagOptionValue(attributes, flag) ?? null);
  // The customer group prices the price filter: a login or logout asks again.
  const customerGroup = useCustomerGroup();
  const queryKey = JSON.stringify([flag, optionValue ?? null, filters, price ?? null, customerGroup]);
  const load = async (current: number): Promise<{ items: readonly CatalogProduct[]; total: number }> => {
    if (!client) return { items: [], total: 0 };
    if (optionValue) {
      const result = await client.searchCatalog({
        mode: 'listing',
        filters: { ...filters, [FLAG_ATTRIBUTE_CODE]: [optionValue] },
        ...(price ? { price } : {}),
        current,
        perPage: LISTING_PAGE_SIZE,
        append: current > 0,
      });
      return { items: result.items, total: result.total };
    }
    const result = await client.searchCatalog({
      mode: 'listing',
      filters: { ...filters },
      ...(price ? { price } : {}),
      perPage: MAX_PAGE_SIZE,
    });
    const items = result.items.filter((product) => productHasFlag(product, flag));
    return { items, total: items.length };
  };

  const listing = usePagedListing(queryKey, Boolean(client) && optionValue !== undefined, load, 'flag listing');

  return (
    <div className="page listing-page flag-page" data-testid="flag-page" data-flag={flag}>
      <nav className="breadcrumbs" aria-label={t('listing.breadcrumbs')}>
        <ol className="breadcrumbs__list">
          <li>
            <SpaLink href="/">{t('listing.home')}</SpaLink>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <header className="page__header listing-page__header">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          {title}
        </h1>
      </header>
      <ListingResults
        listing={listing}
        attributes={attributes ?? []}
        className="flag-page__results"
        empty={<p className="banner banner--info">{t('pages.flagEmpty')}</p>}
      />
    </div>
  );
}
