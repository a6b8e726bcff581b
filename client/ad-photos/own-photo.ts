import { adPhotoPath, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import type { ServerAccess } from '../sync/feature.ts';

/**
 * The owner's photo of an ad not published yet, from the server. The server shows such a photo to its owner and the
 * operators only (sync-server/ad-photos/media-route.ts), asked with the bearer header, which an <img> cannot send:
 * the device fetches it with its token and shows it as a data: URL. Not a signed URL: no token or signature ever
 * goes into an address (logs, history, Referer), and no second secret is shared between instances. Not a blob: URL:
 * the pages' policy allows images from this origin and data: only (sync-server/http/security-headers.ts). A form
 * shows a handful of tile-sized WebP photos (10-40 KB each), so holding them as text costs little.
 */
const MAX_KEPT = 48;
const kept = new Map<string, Promise<string | undefined>>();
let current: ServerAccess | undefined;

/** The server the views ask (set by the feature with the local store); answers how to let it go. */
export const setOwnPhotosServer = (server: ServerAccess): (() => void) => {
  current = server;
  return () => {
    if (current === server) current = undefined;
    kept.clear();
  };
};

const base64Of = (bytes: Uint8Array): string => {
  let text = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
};

const fetchOwnPhoto = async (server: ServerAccess, id: string, size: AdPhotoSize): Promise<string | undefined> => {
  const { token } = server.who();
  if (!token) return undefined;
  try {
    const response = await (server.fetch ?? fetch)(`${server.baseUrl}${adPhotoPath(id, size)}`, {
      headers: { authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
    if (!response.ok) return undefined;
    const type = response.headers.get('content-type') ?? 'image/webp';
    return `data:${type};base64,${base64Of(new Uint8Array(await response.arrayBuffer()))}`;
  } catch {
    return undefined;
  }
};

/**
 * The photo at a size as its owner's device shows it (a data: URL), or undefined when the server does not give it
 * (offline, logged out, not the owner's): the caller then asks for the public address, as for anyone's ad.
 */
export const ownPhoto = (id: string, size: AdPhotoSize, server = current): Promise<string | undefined> => {
  if (!server) return Promise.resolve(undefined);
  const key = `${id}/${size}`;
  const known = kept.get(key);
  if (known) return known;
  const asked = fetchOwnPhoto(server, id, size);
  kept.set(key, asked);
  // A photo not given is asked again next time (back online, logged in).
  void asked.then((url) => {
    if (url === undefined && kept.get(key) === asked) kept.delete(key);
  });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return asked;
};
