/** Review moderation for operators. */
export { operatorReviewRoutes } from './operator-review-routes.ts';
