import { useMemo, useState, type ReactNode } from 'react';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { Review } from '../../../schema/catalog/content.ts';
import { htmlParagraphs } from '../../../schema/catalog/rules/html-text.ts';
import { ProductReviews } from './product-reviews.tsx';
import { reviewSummary } from './review-summary.ts';
import { bulgarianOnlyLang } from '../localized/index.ts';
import { useT } from '../../i18n/use-t.tsx';
import './product-page.css';

/** Spec section 9's breakpoint between phone and wider layouts. */
const WIDE_LAYOUT = '(min-width: 768px)';

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
  const { t, language } = useT();
  // The description exists only in Bulgarian: an English page marks it so (issue 19).
  const descriptionLang = bulgarianOnlyLang(language);
  // The catalogue's HTML is read as text, never injected: one paragraph per block.
  const paragraphs = useMemo(() => htmlParagraphs(product.description), [product.description]);
  const count = reviews ? reviewSummary(reviews).count : 0;
  return (
    <div className="product-details">
      {paragraphs.length > 0 && (
        <Section title={t('product.description')} testId="product-description">
          {paragraphs.map((text, index) => (
            <p key={index} lang={descriptionLang}>
              {text}
            </p>
          ))}
        </Section>
      )}
      <Section title={t('product.reviews.title', { count })} testId="product-reviews-section">
        <ProductReviews reviews={reviews} sku={product.sku} />
      </Section>
    </div>
  );
}
