import type { Review } from '../../../schema/catalog/content.ts';

export interface ReviewSummary {
  readonly count: number;
  /** Mean of the rated reviews, one decimal; null when none carries a rating (VSF1's reviews have none). */
  readonly average: number | null;
}

/** The approved reviews' count and average rating (reviews without a rating count, but do not move the average). */
export const reviewSummary = (reviews: readonly Pick<Review, 'rating'>[]): ReviewSummary => {
  const ratings = reviews.flatMap((review) => (review.rating === null ? [] : [review.rating]));
  const average =
    ratings.length === 0 ? null : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
  return { count: reviews.length, average };
};
