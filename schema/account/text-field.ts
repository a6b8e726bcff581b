import { z } from 'zod';
import { accountText, type AccountMessage } from './messages.ts';

/** A pure rule of one field: the first thing wrong with a value, or undefined when it is fine. */
export type FieldRule = (value: string) => AccountMessage | undefined;

const trim = (value: string): string => value.trim();

/**
 * A text field checked by one pure rule after normalising it (trimmed unless told otherwise). A missing field or
 * one that is not text is "required"; a failed rule gives its message in one issue, so the form shows the first
 * problem, never a pile of them.
 */
export const textField = (rule: FieldRule, normalise: (value: string) => string = trim) =>
  z
    .string({ error: accountText('required') })
    .overwrite(normalise)
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: 'custom', message: accountText(problem), input: value });
    });

/**
 * An optional field a form sends blank: an absent, empty or blank value is no value (undefined), anything else
 * must pass `schema`.
 */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
