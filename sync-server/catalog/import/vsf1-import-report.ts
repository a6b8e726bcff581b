import type { z } from 'zod';
import { describeZodError } from '../../../schema/validation/describe-zod-error.ts';
import type { Vsf1Kind } from './vsf1-source-schemas.ts';
import { validateModel, Vsf1MappingError } from './vsf1-to-model.ts';

/** A place in the dump: the file as the caller named it, and the 1-based line. */
export interface Origin {
  file: string;
  line: number;
}
/** An entity kept together with the line it came from. */
export interface Held<T> extends Origin {
  value: T;
}

/** A line that was not imported because something is wrong with it. */
export interface Vsf1Rejection extends Origin {
  /**
   * The bad field: under `_source.` when the dump's document is at fault ('_source.sku'), our model's field name
   * when the mapped entity does not fit the model ('slug'), '' when the line is not JSON.
   */
  field: string;
  reason: string;
}

/** A line left out on purpose: a percolator query, a kind this importer does not take, a repeated entity. */
export interface Vsf1SkippedLine extends Origin {
  reason: string;
}

export interface Vsf1SkippedCounts {
  /** Elasticsearch percolator queries stored among the products (`_source.query`). */
  percolator: number;
  /** Documents of kinds this importer does not take, by kind. */
  unknownType: Record<string, number>;
  /** Second and later documents of an entity already imported (same sku, attribute code or id): the first wins. */
  duplicate: number;
}

export const where = (origin: Origin): string => `${origin.file} line ${origin.line}`;

/** What an import did with every line: counted, refused with a reason, or skipped with a reason. */
export class Vsf1ImportReport {
  readonly rejected: Vsf1Rejection[] = [];
  readonly skippedLines: Vsf1SkippedLine[] = [];
  readonly skipped: Vsf1SkippedCounts = { percolator: 0, unknownType: {}, duplicate: 0 };
  /** Well-formed documents read, by kind. */
  readonly documents: Partial<Record<Vsf1Kind | 'percolator' | 'unknown', number>> = {};
  /** Entities accepted so far. */
  imported = 0;

  reject(origin: Origin, field: string, reason: string): void {
    this.rejected.push({ file: origin.file, line: origin.line, field, reason });
  }

  /** The document does not fit VSF1's shape: the field is named as in the dump (`_source.sku`). */
  rejectSource(origin: Origin, what: string, error: z.ZodError, prefix = '_source.'): void {
    const { field, message } = describeZodError(error, prefix, 'document');
    this.reject(origin, field, `${what}: ${message}`);
  }

  skip(origin: Origin, reason: string): void {
    this.skippedLines.push({ file: origin.file, line: origin.line, reason });
  }

  duplicate(origin: Origin, what: string, first: Origin): void {
    this.skipped.duplicate += 1;
    this.skip(origin, `duplicate ${what}: the first, from ${where(first)}, is kept`);
  }

  /**
   * Maps a document and checks the result with our model's schema. A mapping that cannot resolve a reference
   * (`Vsf1MappingError`) is refused naming the dump's field; a result the model refuses, naming the model's field.
   */
  check<T>(model: z.ZodType<T>, origin: Origin, what: string, map: () => unknown): T | undefined {
    let input: unknown;
    try {
      input = map();
    } catch (error) {
      if (!(error instanceof Vsf1MappingError)) throw error;
      this.reject(origin, `_source.${error.field}`, `${what}: _source.${error.field}: ${error.detail}`);
      return undefined;
    }
    const checked = validateModel(model, input);
    if (checked.ok) return checked.value;
    this.reject(origin, checked.field, `${what} does not fit the catalogue model: ${checked.reason}`);
    return undefined;
  }

  /** Rejected and skipped lines in file order (as the files were given), then line order. */
  inFileOrder(files: readonly string[]): { rejected: Vsf1Rejection[]; skippedLines: Vsf1SkippedLine[] } {
    const order = new Map(files.map((file, i) => [file, i]));
    const byPlace = (a: Origin, b: Origin) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line;
    return { rejected: [...this.rejected].sort(byPlace), skippedLines: [...this.skippedLines].sort(byPlace) };
  }
}
