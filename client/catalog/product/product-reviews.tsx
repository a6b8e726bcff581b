import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../schema/catalog/content.ts';
import { formatShortDecimalByHand } from '../../../schema/money/format-amount.ts';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from '../../i18n/index.ts';
import { loadMessagePages } from '../../messages/index.ts';
import { reviewSummary } from './review-summary.ts';
import { userTextLang } from '../../ui/user-text-lang.ts';
import './product-page.css';

/** The review form and the product inquiry: a chunk of their own, loaded when the reviews are shown. */
const ProductMessages = lazy(() => loadMessagePages().then((m) => ({ default: m.ProductMessages })));

/**
 * The approved reviews with their count and average rating (undefined: still loading), then, given the product's
 * sku and once the reviews are known, the forms to review it and to ask about it.
 */
export function ProductReviews({ reviews, sku }: { reviews: readonly Review[] | undefined; sku?: string }) {
  return (
    <>
      <ReviewList reviews={reviews} />
      {/* The forms come once the reviews are known: the list above them settling later moved them (a layout
          shift, caught by tests/e2e/layout-shift.spec.ts on a loaded machine). */}
      {sku !== undefined && reviews !== undefined && (
        <Suspense fallback={null}>
          <ProductMessages sku={sku} />
        </Suspense>
      )}
    </>
  );
}

function ReviewList({ reviews }: { reviews: readonly Review[] | undefined }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const locale = LOCALES[language];
  if (reviews === undefined) return <p className="product-page__hint">{t('product.reviews.loading')}</p>;
  const summary = reviewSummary(reviews);
  if (summary.count === 0) return <p className="product-page__hint">{t('product.reviews.none')}</p>;
  return (
    <div className="product-reviews" data-testid="product-reviews">
      <p className="product-reviews__summary" data-testid="product-reviews-summary">
        {summary.average === null
          ? t('product.reviews.count', { count: summary.count })
          : t('product.reviews.average', {
              // By hand: a page's first Intl number format loads the locale's data, a long task on a phone.
              average: formatShortDecimalByHand(summary.average, locale) ?? summary.average.toLocaleString(locale),
              count: summary.count,
            })}
      </p>
      <ul className="product-reviews__list">
        {reviews.map((review) => (
          <li key={review.id} className="product-review">
            <h3 className="product-review__title" lang={userTextLang(review.title, language)}>
              {review.title}
            </h3>
            {review.rating !== null && (
              <p className="product-review__rating">
                <span aria-hidden="true">{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span>
                <span className="visually-hidden">{t('product.reviews.rating', { rating: review.rating })}</span>
              </p>
            )}
            <p lang={userTextLang(review.detail, language)}>{review.detail}</p>
            <p className="product-page__hint" lang={userTextLang(review.nickname, language)}>
              {review.nickname}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
