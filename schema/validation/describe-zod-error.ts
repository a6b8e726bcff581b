import type { z } from 'zod';

/**
 * The first problem of a failed parse as a field path and a sentence naming it ("payload.qty: Too small…"),
 * the form every boundary (push, pull, dispatch) reports bad input in. `prefix` places the parsed value
 * inside a larger document; `whole` names the value itself when the problem has no path.
 */
export const describeZodError = (
  error: z.ZodError,
  prefix = '',
  whole = 'document',
): { field: string; message: string } => {
  const issue = error.issues[0];
  // An extra field (strict objects) is reported on its parent: name the field itself.
  const path = issue?.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue?.path;
  const field = prefix + (path?.join('.') ?? '');
  return { field, message: `${field || whole}: ${issue?.message ?? 'invalid'}` };
};
