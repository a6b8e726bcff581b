import { issueMessage, type UiMessage } from '../ui/form/ui-message.ts';

export type FieldErrors<F extends string> = Partial<Record<F, UiMessage>>;

export interface FormErrors<F extends string> {
  fields: FieldErrors<F>;
  /** A problem that belongs to no field of the form. */
  form?: UiMessage;
}

/** The part of a zod issue the form reads. */
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first problem of each field, the way the schemas mean it ("the form shows the first problem, never a pile
 * of them"). A nested path counts for its first segment; an issue on no field of the form is the form's.
 */
export const fieldErrorsOf = <F extends string>(issues: readonly Issue[], fields: readonly F[]): FormErrors<F> => {
  const result: FormErrors<F> = { fields: {} };
  for (const issue of issues) {
    const head = issue.path[0];
    const field = fields.find((name) => name === head);
    if (field === undefined) {
      result.form ??= issueMessage(issue.message);
    } else {
      result.fields[field] ??= issueMessage(issue.message);
    }
  }
  return result;
};

/** The fields that have a problem, in the form's order: the first one gets the focus after a failed submit. */
export const invalidFields = <F extends string>(errors: FieldErrors<F>, fields: readonly F[]): F[] =>
  fields.filter((name) => errors[name] !== undefined);
