import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { Review } from '../../../schema/catalog/content.ts';
import { ProductReviews } from './product-reviews.tsx';
import { reviewSummary } from './review-summary.ts';

/** Spec section 9's breakpoint between phone and wider layouts. */
const WIDE_LAYOUT = '(min-width: 768px)';

/** The description's text (the catalogue's HTML is read, never injected). */
const plainText = (html: string): string =>
  html === '' ? '' : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

/** Open on wide screens, folded on phones (spec section 2: "collapsible details on mobile"). */
const startsOpen = (): boolean => typeof window !== 'undefined' && window.matchMedia(WIDE_LAYOUT).matches;

function Section({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  const [open] = useState(startsOpen);
  return (
    <details className="product-details__section" open={open} data-testid={testId}>
      <summary>
        <h2 className="product-details__title">{title}</h2>
      </summary>
      <div className="product-details__body">{children}</div>
    </details>
  );
}

/** The product's description and its approved reviews, each a collapsible section. */
export function ProductDetails({
  product,
  reviews,
}: {
  product: CatalogProduct;
  /** The approved reviews (see useApprovedReviews); undefined while they load. */
  reviews: readonly Review[] | undefined;
}) {
  const { t } = useTranslation();
  const description = useMemo(() => plainText(product.description), [product.description]);
  const count = reviews ? reviewSummary(reviews).count : 0;
  return (
    <div className="product-details">
      {description && (
        <Section title={t('product.description')} testId="product-description">
          <p>{description}</p>
        </Section>
      )}
      <Section title={t('product.reviews.title', { count })} testId="product-reviews-section">
        <ProductReviews reviews={reviews} />
      </Section>
    </div>
  );
}
