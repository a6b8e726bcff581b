import type { UiMessage } from '../ui/form/ui-message.ts';

/** The part of a zod issue the forms read. */
interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly format?: string;
  readonly input?: unknown;
}

/**
 * A payload issue as the form says it, in the shopper's language: the command's own schema (schema/messages) is
 * the one rule, its English messages are for logs and the server; the form names the problem by its kind.
 */
export const issueText = (issue: Issue, value: unknown): UiMessage => {
  const field = String(issue.path[0] ?? '');
  if (field === 'rating') return { key: 'messages.errors.rating' };
  if (field.startsWith('terms')) return { key: 'messages.errors.terms' };
  if (value === '' || value === undefined) return { key: 'messages.errors.required' };
  switch (issue.code) {
    case 'too_small':
      return { key: 'messages.errors.tooShort', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: 'messages.errors.tooLong', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'messages.errors.email' : 'messages.errors.phone' };
    case 'custom':
      return { key: 'messages.errors.plainText' };
    default:
      return { text: issue.message };
  }
};

/** The first problem of each field (the form shows one per field). */
export const fieldIssues = (
  issues: readonly Issue[],
  values: Readonly<Record<string, unknown>>,
): Record<string, UiMessage> => {
  const byField: Record<string, UiMessage> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    byField[field] ??= issueText(issue, values[field]);
  }
  return byField;
};
