/**
 * Ad photos on the server (issue 18): the resumable upload (`/api/ad-photos/:id`, HEAD and PATCH), the check of
 * the real file type, the re-encoding into the served sizes without metadata, and the sizes served at
 * `/media/ads/:id/:size.webp`. The ads feature asks `readyPhotos` before an ad leaves `wait`, and is told of each
 * photo that becomes ready through `onPhotoReady`.
 */
import { Router } from 'express';
import type { Database } from '../store/database.ts';
import { adPhotoMediaRoute } from './media-route.ts';
import { adPhotoRoutes, type AdPhotoRoutesDeps } from './upload-routes.ts';
import type { ApiFeature } from '../http/api-description.ts';
import { adPhotoApi } from './upload-routes.ts';
export { forgetAdPhotos, readyPhotos } from './photo-store.ts';
export { adPhotoRoutes, type AdPhotoRoutesDeps, type OnPhotoReady } from './upload-routes.ts';
export { adPhotoMediaRoute } from './media-route.ts';
/** The photo pipeline (real type, upright, no metadata, the spec's sizes): the catalogue's imported pictures use it too. */
export { processPhoto } from './photo-process.ts';
export type { EncodedSize } from './photo-store.ts';
export { AD_PHOTO_MAX_BYTES, DEFAULT_AD_PHOTO_LIMITS, type AdPhotoLimits } from './photo-limits.ts';

/**
 * Everything ad photos answer, for one line in the app (before express.json: the upload takes raw bytes):
 * `/api/ad-photos/:id` (HEAD, PATCH) and `/media/ads/:id/:size.webp` (GET).
 */
export const adPhotosApp = (deps: AdPhotoRoutesDeps & { db: Database }): Router => {
  const router = Router();
  router.use('/api/ad-photos', adPhotoRoutes(deps));
  router.get('/media/ads/:id/:file', adPhotoMediaRoute(deps.db));
  return router;
};

/** Ad photos' routes in the API description (the media files are not API). */
export const adPhotosApi: ApiFeature = { tag: 'ad photos', routes: adPhotoApi };
