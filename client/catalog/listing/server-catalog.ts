import type { z } from 'zod';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { categorySchema, type Category } from '../../../schema/catalog/category.ts';
import { listOf } from '../../../schema/validation/list-of.ts';
import { getApiResult } from '../../lib/get-api-result.ts';

const getList = async <T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T[] | null> => {
  const parsed = listOf(schema).safeParse(await getApiResult(path, signal));
  return parsed.success ? parsed.data.items : null;
};

/**
 * GET /api/catalog/categories: every active category (flat; the tree's children_data is dropped by the
 * schema). Null when unreachable, slow or unreadable: the page then waits for the device's copy.
 */
export const fetchCategories = (signal: AbortSignal): Promise<Category[] | null> =>
  getList('/api/catalog/categories', categorySchema, signal);

/** GET /api/catalog/attributes: the filter attributes. Null when unreachable, slow or unreadable. */
export const fetchAttributes = (signal: AbortSignal): Promise<Attribute[] | null> =>
  getList('/api/catalog/attributes', attributeSchema, signal);
