import { createHash } from 'node:crypto';
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogMediaPath } from '../../../schema/catalog/media-path.ts';
import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { AD_PHOTO_MAX_BYTES, processPhoto } from '../../ad-photos/index.ts';
import type { CatalogMediaSize } from './catalog-media-store.ts';
import { foreignImagesOf, withServedImages } from './snapshot-images.ts';

/** Where a shop's pictures are read from: its media folder (Magento's pub/media/catalog/product) or an address. */
export type MediaSource = { kind: 'folder'; dir: string } | { kind: 'address'; base: string };

/** `--media` as given: an http(s) address is read over the network, anything else is a folder. */
export const mediaSourceOf = (value: string): MediaSource =>
  /^https?:\/\//i.test(value) ? { kind: 'address', base: value } : { kind: 'folder', dir: value };

export interface MediaProblem {
  image: string;
  reason: string;
}

export interface MediaImportResult {
  /** The snapshot naming the store's addresses; a picture that could not be brought is left empty (drawn). */
  snapshot: CatalogSnapshot;
  /** Distinct pictures made (one photo named by many products counts once). */
  made: number;
  problems: MediaProblem[];
}

type Read = { ok: true; bytes: Buffer } | { ok: false; reason: string };

const FETCH_TIMEOUT_MS = 20_000;
const TOO_BIG = `larger than ${AD_PHOTO_MAX_BYTES / 1_000_000} MB`;

/** The picture's path inside the shop's media: its address's path when it is a full address. */
const pathOf = (image: string): string => {
  try {
    return decodeURIComponent(/^https?:\/\//i.test(image) ? new URL(image).pathname : image);
  } catch {
    return image;
  }
};

const readFromFolder = async (dir: string, image: string): Promise<Read> => {
  const root = path.resolve(dir);
  const file = path.resolve(root, `.${path.posix.normalize(`/${pathOf(image)}`)}`);
  // normalize('/' + …) drops every '..' above the root; checked again, since a path is the importer's input.
  if (!file.startsWith(root + path.sep)) return { ok: false, reason: 'outside the media folder' };
  try {
    if ((await stat(file)).size > AD_PHOTO_MAX_BYTES) return { ok: false, reason: TOO_BIG };
    return { ok: true, bytes: await readFile(file) };
  } catch {
    return { ok: false, reason: 'not in the media folder' };
  }
};

const readFromAddress = async (base: string, image: string, fetcher: typeof fetch): Promise<Read> => {
  let url: URL;
  try {
    url = /^https?:\/\//i.test(image) ? new URL(image) : new URL(image.replace(/^\/+/, ''), base.replace(/\/*$/, '/'));
  } catch {
    return { ok: false, reason: 'not an address' };
  }
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return { ok: false, reason: `answered ${response.status}` };
    const bytes = Buffer.from(await response.arrayBuffer());
    return bytes.length > AD_PHOTO_MAX_BYTES ? { ok: false, reason: TOO_BIG } : { ok: true, bytes };
  } catch (error) {
    return { ok: false, reason: `could not be read (${(error as Error).name})` };
  }
};

/**
 * Brings a shop's real pictures into the store (issue 19): every picture the snapshot names is read from the
 * shop's media, checked by its bytes and remade in the spec's sizes as WebP without metadata (the ad photos' own
 * pipeline), then handed to `keep` under its key (its bytes' hash: a photo named twice is made once). One at a
 * time, so a catalogue of any size needs the memory of one photo.
 */
export const importMedia = async (
  snapshot: CatalogSnapshot,
  source: MediaSource,
  keep: (key: string, sizes: readonly CatalogMediaSize[]) => Promise<void>,
  options: { fetch?: typeof fetch; onProgress?: (done: number, total: number) => void } = {},
): Promise<MediaImportResult> => {
  const images = [...foreignImagesOf(snapshot)];
  const served = new Map<string, string>();
  const kept = new Set<string>();
  const problems: MediaProblem[] = [];
  for (const [index, image] of images.entries()) {
    const read =
      source.kind === 'folder'
        ? await readFromFolder(source.dir, image)
        : await readFromAddress(source.base, image, options.fetch ?? fetch);
    if (read.ok) {
      const key = createHash('sha256').update(read.bytes).digest('hex').slice(0, 32);
      if (!kept.has(key)) {
        const processed = await processPhoto(read.bytes);
        if (processed.kind === 'ok') {
          await keep(key, processed.sizes);
          kept.add(key);
        } else problems.push({ image, reason: processed.message });
      }
      if (kept.has(key)) served.set(image, catalogMediaPath(key, 'gallery'));
    } else problems.push({ image, reason: read.reason });
    options.onProgress?.(index + 1, images.length);
  }
  return { snapshot: withServedImages(snapshot, (image) => served.get(image)), made: kept.size, problems };
};
