import { useMemo, type ReactNode } from 'react';
import { preload } from 'react-dom';
import type { Attribute } from '../../../schema/catalog/attribute.ts';
import { ListingTile } from './listing-tile.tsx';
import type { ListingView } from './listing-view.ts';
import type { PagedListing } from './use-paged-listing.ts';
import { useProgressiveCount } from './use-progressive-count.ts';
import { useT } from '../../i18n/use-t.tsx';
import './listing.css';

interface ListingResultsProps {
  listing: PagedListing;
  /** Shown when the query's answer is empty. */
  empty: ReactNode;
  /** The attribute definitions, for the tiles' attribute lines. */
  attributes: readonly Attribute[];
  view?: ListingView;
  className?: string;
}

/** A listing's count, grid (or list) and infinite-scroll sentinel: the same on category and flag pages. */
export function ListingResults({ listing, empty, attributes, view = 'grid', className }: ListingResultsProps) {
  const { t } = useT();
  const { current, shown, more, loadingMore, sentinel } = listing;
  // One moment per answer for every tile's special-price window, so two tiles never disagree across midnight.
  const now = useMemo(() => (shown ? new Date() : new Date(0)), [shown]);
  // The first tile's picture is the page's largest paint on a phone: fetched first, ahead of the others.
  const firstImage = shown?.items[0]?.image;
  const drawn = useProgressiveCount(shown?.items.length ?? 0);
  if (firstImage) preload(firstImage, { as: 'image', fetchPriority: 'high' });
  return (
    <div className={['listing-page__results', className].filter(Boolean).join(' ')}>
      <p className="listing-page__count" role="status" data-testid="listing-count">
        {current ? t('listing.count', { count: current.total }) : t('listing.loading')}
      </p>
      {current && current.total === 0 && empty}
      <ul
        className={view === 'list' ? 'listing-list' : 'grid listing-grid'}
        data-testid="listing-grid"
        data-view={view}
        aria-busy={current ? undefined : true}
      >
        {shown?.items.slice(0, drawn).map((product, index) => (
          <ListingTile
            key={product.sku}
            product={product}
            attributes={attributes}
            view={view}
            eagerImage={index < 2}
            now={now}
          />
        ))}
      </ul>
      {more && drawn === shown?.items.length && (
        <div ref={sentinel} className="listing-page__sentinel">
          {loadingMore && t('listing.loadingMore')}
        </div>
      )}
    </div>
  );
}
