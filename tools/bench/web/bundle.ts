/**
 * What the first page ships, from the build's own manifest (.vite/manifest.json): the entry chunk, what it
 * imports after the first paint (client/boot.ts) and every chunk they import statically (what the browser must
 * load before the app runs), each file gzipped at zlib's default level, as the server's compression middleware
 * sends it; and its CSS, the rules index.html carries inline (vite.config.ts, inlineStylesheet). The lazy views'
 * stylesheets, files of their own, are counted apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface ShippedFile {
  file: string;
  raw: number;
  gzip: number;
}

export interface FirstPageBundle {
  js: ShippedFile[];
  /** The first page's CSS: the page's inline style sheets, together (they are sent in the page's one gzip stream). */
  css: ShippedFile[];
  /** The lazy views' stylesheets (vite.config.ts, LAZY_STYLE_AREAS): fetched with a view's chunk, not by the first page. */
  lazyCss: ShippedFile[];
  /** Chunks the entry imports dynamically (fetched later, e.g. the local database). */
  lazy: ShippedFile[];
}

export const gzipSize = (dist: string, file: string): ShippedFile => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
};

export const sum = (files: readonly ShippedFile[], key: 'raw' | 'gzip'): number =>
  files.reduce((total, f) => total + f[key], 0);

/** The first page's CSS before the split into feature stylesheets (issue 29, item 24): one file, inline, measured so. */
export const CSS_GZIP_BEFORE_SPLIT = 10_022;

/** The style sheets index.html carries inline, as one text (the build links none). */
const inlineCss = (dist: string): ShippedFile => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!).join('');
  if (css === '') throw new Error(`${dist}/index.html carries no inline style sheet`);
  const bytes = Buffer.from(css, 'utf8');
  return { file: 'index.html <style>', raw: bytes.length, gzip: gzipSync(bytes).length };
};

export const firstPageBundle = (dist: string): FirstPageBundle => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`${dist}/.vite/manifest.json has no entry chunk`);
  const seen = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
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
    css: [inlineCss(dist)],
    lazyCss: readdirSync(join(dist, 'assets'))
      .filter((file) => file.endsWith('.css'))
      .sort()
      .map((file) => gzipSize(dist, `assets/${file}`)),
    lazy: [...dynamic].filter((key) => !seen.has(key) && manifest[key]).map((key) => gzipSize(dist, fileOf(key))),
  };
};
