import type { z } from 'zod';
import { CATALOG_ENTITY_SCHEMAS, CATALOG_KINDS } from '../../sync-server/catalog/snapshot-files.ts';
import type { CatalogEntityKind, CatalogSnapshot } from '../../schema/catalog/snapshot.ts';

export interface RowError {
  kind: CatalogEntityKind;
  index: number;
  message: string;
}

/**
 * Validates every row of the snapshot against its zod schema (the same check as `catalogSnapshotSchema`, row by
 * row so progress can be reported and the parsed copies are dropped at once). Also checks ids and skus are unique.
 */
export const validateSnapshot = (
  snapshot: CatalogSnapshot,
  onProgress?: (kind: CatalogEntityKind, done: number, total: number) => void,
  maxErrors = 20,
): RowError[] => {
  const errors: RowError[] = [];
  for (const kind of CATALOG_KINDS) {
    const rows = snapshot[kind] as readonly unknown[];
    const schema = CATALOG_ENTITY_SCHEMAS[kind] as z.ZodType<unknown>;
    const step = Math.max(1, Math.ceil(rows.length / 10));
    for (let i = 0; i < rows.length; i += 1) {
      const result = schema.safeParse(rows[i]);
      if (!result.success && errors.length < maxErrors) {
        const issue = result.error.issues[0];
        errors.push({ kind, index: i, message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` });
      }
      if (onProgress && ((i + 1) % step === 0 || i + 1 === rows.length)) onProgress(kind, i + 1, rows.length);
    }
  }
  const skus = new Set<string>();
  const ids = new Set<number>();
  snapshot.products.forEach((p, index) => {
    if (skus.has(p.sku)) errors.push({ kind: 'products', index, message: `duplicate sku ${p.sku}` });
    if (ids.has(p.id)) errors.push({ kind: 'products', index, message: `duplicate id ${p.id}` });
    skus.add(p.sku);
    ids.add(p.id);
  });
  return errors;
};
