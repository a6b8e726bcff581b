import type { Response } from 'express';
import type { z } from 'zod';
import { HttpProblem } from './problem.ts';

/** The spec's answer shape: `{ code, result }`. */
export const ok = (res: Response, result: unknown): void => {
  res.json({ code: 200, result });
};

/** The spec's "query returned empty result" answers: 404 with the reason as the result text. */
export const notFound = (res: Response, message: string): void => {
  res.status(404).json({ code: 404, result: message });
};

/** Parses a request part with its schema; bad input is a 400 naming the field, before anything is read. */
export const parseInput = <Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  whole: 'query' | 'body' | 'params',
): z.output<Schema> => {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw HttpProblem.invalid(parsed.error, whole);
  return parsed.data;
};
