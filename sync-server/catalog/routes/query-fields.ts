import { z } from 'zod';

/**
 * Query-string fields as the spec's calls send them: everything arrives as text, numbers are coerced,
 * lists are comma separated. A field given twice arrives as an array and is refused by these schemas.
 */
export const queryInt = (min = 0, max = 2_147_483_647) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** "a,b,c" -> ['a', 'b', 'c'], blanks dropped; between `min` and `max` entries of at most 64 characters. */
export const commaList = (min: number, max: number) =>
  z
    .string()
    .max(max * 65)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(min).max(max));

/** `?tree=1`, `?tree=true`. */
export const queryFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
