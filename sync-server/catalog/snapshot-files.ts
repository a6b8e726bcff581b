import { closeSync, createReadStream, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { attributeSchema } from '../../schema/catalog/attribute.ts';
import { stockItemSchema } from '../../schema/catalog/availability.ts';
import { catalogProductSchema } from '../../schema/catalog/catalog-product.ts';
import { categorySchema } from '../../schema/catalog/category.ts';
import {
  bannerSchema,
  blogPostSchema,
  cmsBlockSchema,
  cmsPageSchema,
  reviewSchema,
} from '../../schema/catalog/content.ts';
import type { CatalogEntityKind, CatalogSnapshot } from '../../schema/catalog/snapshot.ts';
import { taxRuleSchema } from '../../schema/catalog/tax-rule.ts';
import { describeZodError } from '../../schema/validation/describe-zod-error.ts';

/** A catalogue folder holds one NDJSON file per snapshot key (the generator's and importer's output). */
export const CATALOG_ENTITY_SCHEMAS: { readonly [K in CatalogEntityKind]: z.ZodType<CatalogSnapshot[K][number]> } = {
  categories: categorySchema,
  attributes: attributeSchema,
  products: catalogProductSchema,
  cmsPages: cmsPageSchema,
  cmsBlocks: cmsBlockSchema,
  banners: bannerSchema,
  blogPosts: blogPostSchema,
  reviews: reviewSchema,
  taxRules: taxRuleSchema,
  stockItems: stockItemSchema,
};

/** Every entity kind, in the order the files are written and read. */
export const CATALOG_KINDS = Object.keys(CATALOG_ENTITY_SCHEMAS) as CatalogEntityKind[];

export const catalogFileName = (kind: CatalogEntityKind): string => `${kind}.ndjson`;

/**
 * Writes a snapshot as a catalogue folder (the generator's and the VSF1 importer's output). Each file is
 * written under a temporary name and renamed when complete, so a failed run never leaves a half-written
 * file where a good one was. Rows are written in chunks: 100,000 products never become one string.
 */
export const writeCatalogDir = (
  snapshot: CatalogSnapshot,
  dir: string,
  onFile?: (kind: CatalogEntityKind, rows: number, bytes: number) => void,
): void => {
  mkdirSync(dir, { recursive: true });
  for (const kind of CATALOG_KINDS) {
    const rows = snapshot[kind] as readonly unknown[];
    const file = path.join(dir, catalogFileName(kind));
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w');
    let bytes = 0;
    try {
      for (let i = 0; i < rows.length; i += 2000) {
        bytes += writeSync(
          fd,
          `${rows
            .slice(i, i + 2000)
            .map((row) => `${JSON.stringify(row)}\n`)
            .join('')}`,
        );
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    onFile?.(kind, rows.length, bytes);
  }
};

/** A line that was left out, and why: the rest of its file still loads. */
export interface SnapshotLineProblem {
  file: string;
  /** 1-based, as editors count. */
  line: number;
  /** The bad field inside the line's document ('' when the line is not JSON at all). */
  field: string;
  message: string;
}

export const formatLineProblem = (p: SnapshotLineProblem): string => `${p.file}:${p.line}: ${p.message}`;

export interface CatalogDirContents {
  snapshot: CatalogSnapshot;
  problems: SnapshotLineProblem[];
}

/**
 * Reads a catalogue folder back into a snapshot, validating every line with its entity's schema. A bad
 * line is reported with its file and line number and skipped; a missing file is an empty kind (a shop
 * without a blog has no blogPosts.ndjson). Files are streamed line by line, so a large catalogue is
 * never held as one string.
 */
export const readCatalogDir = async (dir: string): Promise<CatalogDirContents> => {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`catalogue folder not found: ${dir}`);
  const problems: SnapshotLineProblem[] = [];
  const snapshot = {} as Record<CatalogEntityKind, unknown[]>;
  for (const kind of CATALOG_KINDS as CatalogEntityKind[]) {
    const schema = CATALOG_ENTITY_SCHEMAS[kind] as z.ZodType<unknown>;
    snapshot[kind] = await readEntityFile(path.join(dir, catalogFileName(kind)), schema, problems);
  }
  return { snapshot: snapshot as CatalogSnapshot, problems };
};

const readEntityFile = async <T>(file: string, schema: z.ZodType<T>, problems: SnapshotLineProblem[]): Promise<T[]> => {
  if (!existsSync(file)) return [];
  const entities: T[] = [];
  const name = path.basename(file);
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    let json: unknown;
    try {
      // A byte-order mark (some editors write one) would make the first line malformed JSON.
      json = JSON.parse(number === 1 ? text.replace(/^\uFEFF/, '') : text);
    } catch (error) {
      problems.push({ file: name, line: number, field: '', message: `not JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) entities.push(parsed.data);
    else problems.push({ file: name, line: number, ...describeZodError(parsed.error, '', 'line') });
  }
  return entities;
};
