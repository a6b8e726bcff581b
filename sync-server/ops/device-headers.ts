import type { IncomingHttpHeaders } from 'node:http';

/**
 * What a device says about itself on every sync request (client/sync/sync-api.ts): its client id (`x-client-id`, the
 * tab that replicates for the browser profile, new at each page load), its device id (`x-device-id`, the browser
 * profile's, the same for all its tabs and page loads) and its app's version (`x-app-version`). Only for the
 * console's device list: a value that is missing or not plausible is dropped, never refused, so an old app still
 * syncs.
 */
export interface DeviceHeaders {
  clientId: string | undefined;
  deviceId: string | undefined;
  appVersion: string | undefined;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const APP_VERSION = /^[A-Za-z0-9._+-]{1,40}$/;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export const deviceHeadersOf = (headers: IncomingHttpHeaders): DeviceHeaders => {
  const clientId = single(headers['x-client-id']);
  const deviceId = single(headers['x-device-id']);
  const appVersion = single(headers['x-app-version']);
  return {
    clientId: clientId !== undefined && CLIENT_ID.test(clientId) ? clientId : undefined,
    deviceId: deviceId !== undefined && CLIENT_ID.test(deviceId) ? deviceId : undefined,
    appVersion: appVersion !== undefined && APP_VERSION.test(appVersion) ? appVersion : undefined,
  };
};
