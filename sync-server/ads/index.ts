/** The ads' public face on the server (issue 18). */
export { adsFeature } from './ads-feature.ts';
export { myAdsReadModel } from './my-ads-read-model.ts';
export { adRoutes } from './ad-routes.ts';
export { operatorAdRoutes } from './operator-ad-routes.ts';
export { photosArrived } from './photos-arrived.ts';
export { startAdExpirySweep, sweepExpiredAds } from './ad-expiry.ts';
