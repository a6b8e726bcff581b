/**
 * What the first page ships, from the build's own manifest (.vite/manifest.json): the entry chunk, what it
 * imports after the first paint (client/boot.ts) and every chunk they import statically (what the browser must
 * load before the app runs), and their CSS, each file gzipped at zlib's default level, as the server's
 * compression middleware sends it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface ShippedFile {
  file: string;
  raw: number;
  gzip: number;
}

export interface FirstPageBundle {
  js: ShippedFile[];
  css: ShippedFile[];
  /** Chunks the entry imports dynamically (fetched later, e.g. the local database). */
  lazy: ShippedFile[];
}

export const gzipSize = (dist: string, file: string): ShippedFile => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
};

export const sum = (files: readonly ShippedFile[], key: 'raw' | 'gzip'): number =>
  files.reduce((total, f) => total + f[key], 0);

export const firstPageBundle = (dist: string): FirstPageBundle => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${dist}/.vite/manifest.json has no entry chunk`);
  const seen = new Set<string>();
  const css = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => css.add(file));
    chunk.dynamicImports?.forEach((k) => dynamic.add(k));
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  // What the entry imports after the first paint (client/boot.ts: the libraries, the schemas, the app) is
  // first-page JavaScript too, as the page preloads it (vite.config.ts, preloadFirstPage).
  manifest[entry]!.dynamicImports?.forEach(visit);
  const fileOf = (key: string): string => manifest[key]!.file;
  return {
    js: [...seen].map((key) => gzipSize(dist, fileOf(key))),
    css: [...css].map((file) => gzipSize(dist, file)),
    lazy: [...dynamic].filter((key) => !seen.has(key) && manifest[key]).map((key) => gzipSize(dist, fileOf(key))),
  };
};
