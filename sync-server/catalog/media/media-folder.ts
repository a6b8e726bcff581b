import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CATALOG_IMAGE_SIZES, CATALOG_MEDIA_KEY, type CatalogImageSize } from '../../../schema/catalog/media-path.ts';
import type { Sql } from '../../store/database.ts';
import { saveCatalogMedia, type CatalogMediaSize } from './catalog-media-store.ts';

/**
 * A catalogue folder's pictures, beside its snapshot files: `media/{key}/{size}.webp`. The importer writes them
 * there (the folder is the import's whole result), and the store loads them with the snapshot (seed at start, or
 * the importer's --into-store).
 */
const MEDIA = 'media';

const isSize = (value: string): value is CatalogImageSize => Object.hasOwn(CATALOG_IMAGE_SIZES, value);

export const writeMediaToFolder = async (
  catalogDir: string,
  key: string,
  sizes: readonly CatalogMediaSize[],
): Promise<void> => {
  const dir = path.join(catalogDir, MEDIA, key);
  await mkdir(dir, { recursive: true });
  for (const s of sizes) await writeFile(path.join(dir, `${s.size}.webp`), s.bytes);
};

/** Loads a catalogue folder's pictures into the store; answers how many pictures (keys) it holds. */
export const loadMediaFolder = async (sql: Sql, catalogDir: string): Promise<number> => {
  const root = path.join(catalogDir, MEDIA);
  if (!existsSync(root)) return 0;
  let loaded = 0;
  for (const key of await readdir(root)) {
    if (!CATALOG_MEDIA_KEY.test(key)) continue;
    const sizes: CatalogMediaSize[] = [];
    for (const file of await readdir(path.join(root, key))) {
      const size = file.replace(/\.webp$/, '');
      if (!file.endsWith('.webp') || !isSize(size)) continue;
      const bytes = await readFile(path.join(root, key, file));
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      sizes.push({ size, width, height, bytes });
    }
    await saveCatalogMedia(sql, key, sizes);
    loaded += 1;
  }
  return loaded;
};
