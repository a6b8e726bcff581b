import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListingTile } from './listing-tile.tsx';
import type { PagedListing } from './use-paged-listing.ts';

interface ListingResultsProps {
  listing: PagedListing;
  /** Shown when the query's answer is empty. */
  empty: ReactNode;
  className?: string;
}

/** A listing's count, grid and infinite-scroll sentinel: the same on category and flag pages. */
export function ListingResults({ listing, empty, className }: ListingResultsProps) {
  const { t } = useTranslation();
  const { current, shown, more, loadingMore, sentinel } = listing;
  return (
    <div className={['listing-page__results', className].filter(Boolean).join(' ')}>
      <p className="listing-page__count" role="status" data-testid="listing-count">
        {current ? t('listing.count', { count: current.total }) : t('listing.loading')}
      </p>
      {current && current.total === 0 && empty}
      <ul className="grid" data-testid="listing-grid" aria-busy={current ? undefined : true}>
        {shown?.items.map((product, index) => (
          <ListingTile key={product.sku} product={product} eagerImage={index < 2} />
        ))}
      </ul>
      {more && (
        <div ref={sentinel} className="listing-page__sentinel">
          {loadingMore && t('listing.loadingMore')}
        </div>
      )}
    </div>
  );
}
