import { z } from 'zod';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { categorySchema, type Category } from '../../../schema/catalog/category.ts';
import { getApiResult } from '../../lib/get-api-result.ts';
import { parseEachInSlices } from '../../lib/main-thread.ts';

const listAnswerSchema = z.object({ items: z.array(z.unknown()) });

/**
 * A list answer with each entry read on its own (one this client cannot read is left out, as listOf does), in
 * slices: all the categories read in one go were a slow phone's 60-110 ms task while the page was starting.
 */
const getList = async <T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T[] | null> => {
  const answer = listAnswerSchema.safeParse(await getApiResult(path, signal));
  return answer.success ? parseEachInSlices(answer.data.items, schema) : null;
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
