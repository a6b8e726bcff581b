import { z } from 'zod';

/**
 * Markup in a field a shopper writes: an opening or closing tag, a comment or a declaration (`<b`, `</`, `<!`,
 * `<?`). "MacBook < 1000 лв." or "<3" is not markup and passes. The store never renders such text as HTML
 * anyway (React escapes it, mails escape it); refusing it at the boundary keeps it out of the operator's tools,
 * exports and other people's mail clients too.
 */
const MARKUP = /<\s*[a-zA-Z!/?]/;
const SCRIPT_URL = /javascript\s*:/i;

/** Why a text holds markup, or undefined. */
export const markupProblem = (value: string): string | undefined =>
  MARKUP.test(value) || SCRIPT_URL.test(value) ? 'must be plain text, without HTML or script' : undefined;

/**
 * A plain-text field: trimmed, `min`..`max` characters, no markup. Every free-text field a shopper writes (an ad's
 * title, a review, a contact message) uses it, so "HTML or script in any text field" is refused the same way
 * everywhere, naming the field.
 */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = markupProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    });
