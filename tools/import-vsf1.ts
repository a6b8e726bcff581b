import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CATALOG_IMAGE_SIZES } from '../schema/catalog/media-path.ts';
import type { CatalogSnapshot } from '../schema/catalog/snapshot.ts';
import { importMedia, mediaSourceOf, type MediaImportResult } from '../sync-server/catalog/media/import-media.ts';
import { loadMediaFolder, writeMediaToFolder } from '../sync-server/catalog/media/media-folder.ts';
import {
  importVsf1,
  type Vsf1ImportProgress,
  type Vsf1ImportResult,
} from '../sync-server/catalog/import/import-vsf1.ts';
import { currencyLine, resolveCurrency, type Vsf1Currency } from '../sync-server/catalog/import/vsf1-currency.ts';
import { withEnglishLabels } from '../sync-server/catalog/import/vsf1-english-labels.ts';
import { writeCatalog } from '../sync-server/catalog/catalog-writer.ts';
import { CATALOG_KINDS, writeCatalogDir } from '../sync-server/catalog/snapshot-files.ts';
import { loadConfig } from '../sync-server/config.ts';
import type { Database } from '../sync-server/store/database.ts';
import { openDatabase } from '../sync-server/store/open-database.ts';

/**
 * Imports Vue Storefront 1 Elasticsearch dumps (elasticdump NDJSON) into a catalogue folder:
 *
 *   tsx tools/import-vsf1.ts <files...> [--out DIR] [--currency XXX [--rate N]] [--country XX] [--media DIR|URL]
 *     [--into-store] [--english FILE ...]
 *
 * `--currency` names the currency of the dump's prices (a VSF1 dump holds bare decimals): BGN is taken as it is,
 * EUR converted into leva at the fixed 1.95583, any other at `--rate` leva per unit. Without it the prices are
 * taken as leva and the summary warns so.
 * `--english` (repeatable) names the dumps of the shop's English store view (VSF1 keeps one index per store view):
 * their category names and attribute and option labels become the catalogue's English names (issue 19). Without
 * them the catalogue's labels are in the dumps' one language only, and the storefront marks them Bulgarian.
 * Prints a progress line every 500 documents and a summary; a bad line is listed with its file, line number and
 * reason and the rest still imports. Writes one NDJSON file per snapshot key into DIR (default .data/catalog-vsf1)
 * and the full list of refused and skipped lines into DIR/import-report.json. With --into-store the snapshot is
 * also written into the store the server is configured for (DATABASE_URL, else PGlite in DATA_DIR; stop the
 * server first when it runs on PGlite, which allows one process): products and the rest are added or updated,
 * nothing else is removed, and devices receive the changes on their next pull. With --media the shop's real
 * pictures come too: read from its media folder (Magento's pub/media/catalog/product) or an http(s) address, checked,
 * remade in the spec's sizes (WebP, no metadata) into DIR/media, and named by the snapshot at /media/catalog/…; a
 * picture that cannot be brought is listed and its product drawn. Without --media the dump's picture paths are kept. Exit code 0 when the import ran
 * (even with refused lines: see the summary), 1 when it could not (a file missing, bad arguments).
 */

export const DEFAULT_OUT_DIR = '.data/catalog-vsf1';
const REPORT_FILE = 'import-report.json';
/** Refused lines printed in the summary; the report file has them all. */
const SHOWN_REJECTIONS = 50;

/** Writes the snapshot into a store, reporting progress per batch. */
export const importIntoStore = async (db: Database, snapshot: CatalogSnapshot): Promise<void> => {
  await writeCatalog(db, snapshot, (p) => console.log(`store ${p.kind}: ${p.done}/${p.total} (${p.changed} changed)`));
};

/** The store the server is configured for (DATABASE_URL, else PGlite in DATA_DIR). */
const openConfiguredStore = async (): Promise<Database> => {
  const config = loadConfig();
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
};

const formatProgress = (p: Vsf1ImportProgress): string =>
  `${p.phase === 'scan' ? 'reading ' : 'products'} ${path.basename(p.file)}:${p.line}  ` +
  `${p.imported.toLocaleString('en')} imported, ${p.rejected.toLocaleString('en')} refused`;

/** What VAT the prices carry: none when no rule of the snapshot has a rate for the country they were priced at. */
const vatPhrase = (result: Vsf1ImportResult): string => {
  const rules = result.snapshot.taxRules;
  if (rules.length === 0) return 'prices without VAT: the dump has no tax rules';
  if (!rules.some((rule) => rule.rates.some((rate) => rate.tax_country_id === result.taxCountry)))
    return `prices without VAT: no tax rule has a rate for ${result.taxCountry}`;
  return `prices with VAT at ${result.taxCountry}'s rates`;
};

export const formatSummary = (result: Vsf1ImportResult, seconds: number): string[] => {
  const lines = [`Imported in ${seconds.toFixed(1)} s (${vatPhrase(result)}):`];
  for (const kind of CATALOG_KINDS) lines.push(`  ${kind.padEnd(12)} ${result.snapshot[kind].length}`);
  const unknown = Object.entries(result.skipped.unknownType).map(([type, n]) => `${n} '${type}'`);
  lines.push(
    `Skipped: ${result.skipped.percolator} percolator queries, ${result.skipped.duplicate} duplicates` +
      (unknown.length > 0 ? `, unknown types: ${unknown.join(', ')}` : ''),
  );
  lines.push(currencyLine(result.currency));
  for (const notice of result.notices) lines.push(`NOTE: ${notice}`);
  if (result.droppedAttributes.length > 0)
    lines.push(
      'Attributes not carried into products (only select, multiselect and yes/no ones are): ' +
        result.droppedAttributes
          .map((a) => `${a.code} (${a.products} product${a.products === 1 ? '' : 's'})`)
          .join(', '),
    );
  lines.push(`Refused: ${result.rejected.length} lines`);
  for (const r of result.rejected.slice(0, SHOWN_REJECTIONS)) lines.push(`  ${r.file}:${r.line}: ${r.reason}`);
  if (result.rejected.length > SHOWN_REJECTIONS) {
    lines.push(`  ... and ${result.rejected.length - SHOWN_REJECTIONS} more (see ${REPORT_FILE})`);
  }
  return lines;
};

/** Brings the shop's pictures into DIR/media and points the snapshot at them (the result's snapshot is replaced). */
const bringPictures = async (result: Vsf1ImportResult, media: string, dir: string): Promise<MediaImportResult> => {
  let shown = 0;
  const brought = await importMedia(
    result.snapshot,
    mediaSourceOf(media),
    (key, sizes) => writeMediaToFolder(dir, key, sizes),
    {
      onProgress: (done, total) => {
        if (done === total || done - shown >= 100) {
          shown = done;
          console.log(`pictures ${done}/${total}`);
        }
      },
    },
  );
  result.snapshot = brought.snapshot;
  return brought;
};

/**
 * Without --media the snapshot names pictures by the dump's paths (/m/b/mb01-blue-0.jpg), which this store does not
 * serve: each is a 404 and its product shows the store's drawing. Said, with how to bring them.
 */
export const formatKeptPicturePaths = (result: Vsf1ImportResult): string[] => {
  const n = result.snapshot.products.filter((p) => p.image !== '' || p.media_gallery.length > 0).length;
  if (n === 0) return [];
  return [
    `WARNING: ${n} product${n === 1 ? ' names' : 's name'} pictures by the dump's paths, which this store does not ` +
      "serve (their products show the drawing): import again with --media <the shop's media folder or URL>",
  ];
};

export const formatMediaSummary = (media: MediaImportResult): string[] => [
  `Pictures: ${media.made} made in ${Object.keys(CATALOG_IMAGE_SIZES).join(', ')} sizes; ${media.problems.length} not brought (their products are drawn)`,
  ...media.problems.slice(0, SHOWN_REJECTIONS).map((p) => `  ${p.image}: ${p.reason}`),
  ...(media.problems.length > SHOWN_REJECTIONS ? [`  ... and ${media.problems.length - SHOWN_REJECTIONS} more`] : []),
];

export const main = async (argv: readonly string[]): Promise<number> => {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        out: { type: 'string', default: DEFAULT_OUT_DIR },
        country: { type: 'string' },
        currency: { type: 'string' },
        rate: { type: 'string' },
        media: { type: 'string' },
        'into-store': { type: 'boolean', default: false },
        english: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  if (args.values.help || args.positionals.length === 0) {
    console.error(
      'usage: tsx tools/import-vsf1.ts <files.ndjson...> [--out DIR] [--currency XXX [--rate N]] [--country XX] ' +
        '[--media DIR|URL] [--into-store] [--english FILE ...]',
    );
    return args.values.help ? 0 : 1;
  }
  let currency: Vsf1Currency | undefined;
  if (args.values.currency !== undefined) {
    const resolved = resolveCurrency(args.values.currency, args.values.rate);
    if (!resolved.ok) {
      console.error(resolved.error);
      return 1;
    }
    currency = resolved.currency;
  } else if (args.values.rate !== undefined) {
    console.error('--rate: say which currency it is for (--currency)');
    return 1;
  }
  const started = performance.now();
  let result: Vsf1ImportResult;
  try {
    result = await importVsf1(args.positionals, {
      country: args.values.country,
      ...(currency ? { currency } : {}),
      onProgress: (p) => console.log(formatProgress(p)),
    });
    const englishFiles = args.values.english;
    if (englishFiles.length > 0) {
      const english = await importVsf1(englishFiles, {
        country: args.values.country,
        ...(currency ? { currency } : {}),
      });
      const merged = withEnglishLabels(result.snapshot, english.snapshot);
      const { categories, attributes, options } = merged.counts;
      result = {
        ...result,
        snapshot: merged.snapshot,
        notices: [
          ...result.notices,
          `English names from the English store view: ${categories} categories, ${attributes} attributes, ${options} options`,
        ],
      };
    }
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const dir = args.values.out;
  const media = args.values.media === undefined ? undefined : await bringPictures(result, args.values.media, dir);
  const seconds = (performance.now() - started) / 1000;
  writeCatalogDir(result.snapshot, dir);
  if (args.values['into-store']) {
    const db = await openConfiguredStore();
    try {
      await importIntoStore(db, result.snapshot);
      if (media) console.log(`store pictures: ${await loadMediaFolder(db, dir)}`);
    } finally {
      await db.close();
    }
  }
  await writeFile(
    path.join(dir, REPORT_FILE),
    `${JSON.stringify({ rejected: result.rejected, skipped: result.skippedLines, documents: result.documents }, null, 2)}\n`,
  );
  for (const line of formatSummary(result, seconds)) console.log(line);
  for (const line of media ? formatMediaSummary(media) : formatKeptPicturePaths(result)) console.log(line);
  console.log(`Wrote ${CATALOG_KINDS.length} files to ${dir}${args.values['into-store'] ? ' and into the store' : ''}`);
  return 0;
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
