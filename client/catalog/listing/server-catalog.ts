import { z } from 'zod';
import { attributeSchema, type Attribute } from '../../../schema/catalog/attribute.ts';
import { categorySchema, type Category } from '../../../schema/catalog/category.ts';
import { listOf } from '../../../schema/validation/list-of.ts';
import { peekBootAnswer } from '../../lib/boot-answers.ts';
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

/** The list the page came with (boot-answers.ts), read at once; undefined when it came with none. */
const listFromPage = <T>(path: string, schema: z.ZodType<T>): T[] | undefined => {
  const answer = peekBootAnswer(path) as { result?: unknown } | undefined;
  const parsed = answer === undefined ? undefined : listOf(schema).safeParse(answer.result);
  return parsed?.success ? parsed.data.items : undefined;
};

/**
 * A server list's loader, and the same list read at once from the answers the page came with: a cold visit's
 * page draws from them in its first render, so the first view the server drew (sync-server/http/
 * category-first-view.ts) is replaced by the same page, not by a loading line for a moment.
 */
export interface ServerListLoader<T> {
  (signal: AbortSignal): Promise<T[] | null>;
  fromPage: () => T[] | undefined;
}

const serverList = <T>(path: string, schema: z.ZodType<T>): ServerListLoader<T> =>
  Object.assign((signal: AbortSignal) => getList(path, schema, signal), {
    fromPage: () => listFromPage(path, schema),
  });

/**
 * GET /api/catalog/categories: every active category (flat; the tree's children_data is dropped by the
 * schema). Null when unreachable, slow or unreadable: the page then waits for the device's copy.
 */
export const fetchCategories: ServerListLoader<Category> = serverList('/api/catalog/categories', categorySchema);

/** GET /api/catalog/attributes: the filter attributes. Null when unreachable, slow or unreadable. */
export const fetchAttributes: ServerListLoader<Attribute> = serverList('/api/catalog/attributes', attributeSchema);
