import { defineClientFeature } from '../sync/feature.ts';
import { setOwnPhotosServer } from './own-photo.ts';
import { startUploader } from './uploader.ts';

/**
 * Ad photos on the local store: no command and no collection (a photo is bytes in a store of its own,
 * photo-store.ts), only the uploader, started with the store in every tab, so photos kept in an earlier visit go
 * up as soon as the device is online with their user logged in, whether or not the ad form is open. The tabs
 * take turns through a lock: one uploads at a time.
 */
export const adPhotosFeature = defineClientFeature({
  name: 'adPhotos',
  commands: [],
  collections: {},
  refusalCodes: [],
  views(context) {
    context.onStop(startUploader(context.server, context.owner$));
    context.onStop(setOwnPhotosServer(context.server));
    return {};
  },
});
