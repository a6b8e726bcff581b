import { access } from 'node:fs/promises';
import type { StockItem } from '../../../schema/catalog/availability.ts';
import { catalogProductSchema, type CatalogProduct } from '../../../schema/catalog/catalog-product.ts';
import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { ndjsonLines } from './ndjson-lines.ts';
import {
  Vsf1ImportReport,
  type Vsf1Rejection,
  type Vsf1SkippedCounts,
  type Vsf1SkippedLine,
} from './vsf1-import-report.ts';
import { moneyIn, type Vsf1Currency } from './vsf1-currency.ts';
import { DroppedAttributes, type Vsf1DroppedAttribute } from './vsf1-dropped-attributes.ts';
import { mapProduct, valueAttributes } from './vsf1-product-to-model.ts';
import { settleMissingTax } from './vsf1-missing-tax.ts';
import { Vsf1Scan } from './vsf1-scan.ts';
import { vsf1EnvelopeSchema, vsf1ProductSchema, type Vsf1Kind } from './vsf1-source-schemas.ts';

export type { Vsf1Rejection, Vsf1SkippedCounts, Vsf1SkippedLine } from './vsf1-import-report.ts';
export type { Vsf1Currency } from './vsf1-currency.ts';
export type { Vsf1DroppedAttribute } from './vsf1-dropped-attributes.ts';

export interface Vsf1ImportProgress {
  /** 'scan' reads every line and takes all but products; 'products' maps the products (they need the rest). */
  phase: 'scan' | 'products';
  file: string;
  /** The last line handled. */
  line: number;
  /** Entities accepted so far, over all files and both phases. */
  imported: number;
  /** Lines (or nested categories) refused so far. */
  rejected: number;
}

export interface Vsf1ImportOptions {
  onProgress?: (progress: Vsf1ImportProgress) => void;
  /** The country whose tax rates give priceInclTax; see `resolveTaxCountry` for the default. */
  country?: string;
  /** The currency of the dump's prices, converted into leva; none: taken as leva (and the report warns). */
  currency?: Vsf1Currency;
  /** Report progress every this many documents of a phase (and at the end of each file); 500 by default. */
  progressEvery?: number;
}

export interface Vsf1ImportResult {
  snapshot: CatalogSnapshot;
  /** Lines not imported because something is wrong with them, in file and line order. */
  rejected: Vsf1Rejection[];
  skipped: Vsf1SkippedCounts;
  /** Every skipped line with its reason (the counts above, line by line). */
  skippedLines: Vsf1SkippedLine[];
  /** Well-formed documents read, by VSF1 kind, before any was refused or skipped as a duplicate. */
  documents: Partial<Record<Vsf1Kind | 'percolator' | 'unknown', number>>;
  /** The country whose rates priced the products. */
  taxCountry: string;
  /** What the user must know about the result (a dump without tax rules). */
  notices: string[];
  /** The currency the prices were read in; undefined when none was given (taken as leva). */
  currency: Vsf1Currency | undefined;
  /** The shop's own attributes whose values products had and lost (only option attributes are kept). */
  droppedAttributes: Vsf1DroppedAttribute[];
}

/**
 * Imports Vue Storefront 1 Elasticsearch dumps (elasticdump NDJSON) into one catalogue snapshot.
 *
 * Two passes over the files, each streamed line by line: the first (`Vsf1Scan`) takes attributes, categories, tax
 * rules, CMS pages and blocks and reviews and indexes the products; the second maps the products, which need the
 * attributes (a configurable option names its attribute by id), the categories (slugs), the tax rules
 * (VAT-inclusive prices) and the other products (a child's id and status, a bundle member's price), wherever in
 * the files those came.
 *
 * A line that is not JSON, not an elasticdump document, or whose document fits neither VSF1's shape nor our model
 * is rejected with its file, line number, field and reason, and every other line still imports. Percolator queries
 * and unknown kinds are skipped and counted. Nothing is written anywhere: the caller decides where the snapshot goes.
 */
export const importVsf1 = async (
  files: readonly string[],
  options: Vsf1ImportOptions = {},
): Promise<Vsf1ImportResult> => {
  for (const file of files) {
    await access(file).catch(() => {
      throw new Error(`VSF1 import: cannot read ${file}`);
    });
  }
  const every = Math.max(1, options.progressEvery ?? 500);
  const report = new Vsf1ImportReport();
  const progress = (phase: Vsf1ImportProgress['phase'], file: string, line: number): void =>
    options.onProgress?.({ phase, file, line, imported: report.imported, rejected: report.rejected.length });

  const scan = new Vsf1Scan(report);
  for (const file of files) {
    let read = 0;
    let last = 0;
    for await (const { lineNumber, text } of ndjsonLines(file)) {
      scan.line({ file, line: lineNumber }, text);
      last = lineNumber;
      read += 1;
      if (read % every === 0) progress('scan', file, lineNumber);
    }
    progress('scan', file, last);
  }
  const categories = scan.categories();
  const contextFor = scan.productContexts(categories, options.country, moneyIn(options.currency?.levaPerUnit ?? 1));
  const attributes = scan.attributeList();
  const dropped = new DroppedAttributes(attributes, valueAttributes(attributes));

  const products: CatalogProduct[] = [];
  const stockItems: StockItem[] = [];
  for (const file of files) {
    const lines = scan.productLines.get(file);
    if (!lines) continue;
    let read = 0;
    let last = 0;
    for await (const { lineNumber, text } of ndjsonLines(file)) {
      const dump = lines.get(lineNumber);
      if (dump === undefined) continue;
      // The scan checked this line: it parses.
      const source = vsf1ProductSchema.parse(vsf1EnvelopeSchema.parse(JSON.parse(text))._source);
      const origin = { file, line: lineNumber };
      const product = report.check(catalogProductSchema, origin, `product ${source.sku}`, () =>
        mapProduct(source, contextFor(dump)),
      );
      if (product) {
        products.push(product);
        dropped.see(source);
        report.imported += 1;
        // Stock items only for stock the dump has: a defaulted stock is no stock record.
        if (source.stock) stockItems.push({ product_id: product.id, sku: product.sku, ...product.stock });
      }
      last = lineNumber;
      read += 1;
      if (read % every === 0) progress('products', file, lineNumber);
    }
    progress('products', file, last);
  }

  const scannedRules = scan.taxRuleList();
  const missingTax = scannedRules.length === 0 ? settleMissingTax(products, options.country) : undefined;
  const taxRules = missingTax?.taxRules ?? scannedRules;
  return {
    snapshot: {
      categories,
      attributes,
      products: missingTax?.products ?? products,
      cmsPages: scan.cmsPageList(),
      cmsBlocks: scan.cmsBlockList(),
      banners: [],
      blogPosts: [],
      reviews: scan.reviewList(),
      taxRules,
      stockItems,
    },
    ...report.inFileOrder(files),
    skipped: report.skipped,
    documents: report.documents,
    taxCountry: contextFor('').taxCountry,
    notices: missingTax ? [missingTax.notice] : [],
    currency: options.currency,
    droppedAttributes: dropped.list(),
  };
};
