/**
 * Ad photos on the device (issue 18): a photo the shopper picks is kept here, in IndexedDB, under a UUID the ad
 * carries at once (offline too), and uploaded resumably when the device is online and a user is logged in (the
 * uploader starts with the local store: feature.ts). The ad form (client/ads) uses only what is exported here.
 */
export { keepPhotos, forgetPhotos, type KeptPhoto, type RefusedPhoto, type KeepResult } from './keep-photos.ts';
export { usePhotoUploads, type PhotoUploadsProgress } from './use-photo-uploads.ts';
export { AdPhoto } from './ad-photo.tsx';
export { AD_PHOTO_ACCEPT, AD_PHOTO_MAX_BYTES, type PhotoRefusal } from './photo-rules.ts';
