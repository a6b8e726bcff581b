import { useId, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { AccountResult } from '../store/index.ts';
import { fieldErrorsOf, invalidFields, type FormErrors } from './field-errors.ts';
import { refusalErrors } from './refusal.ts';
import type { UiMessage } from '../ui/form/ui-message.ts';
import type { FieldBinding } from '../ui/form/field-binding.ts';
import '../i18n/account-texts.ts';

export type { FieldBinding };

export interface AccountFormConfig<F extends string, Out, R> {
  /** The form's fields in the order they are shown: the first invalid one gets the focus. */
  fields: readonly F[];
  initial: Record<F, string>;
  /** The same schema the server parses the call's body with, so both refuse the same input. */
  schema: z.ZodType<Out>;
  send: (data: Out) => Promise<AccountResult<R>>;
  onDone?: (result: R, data: Out) => void;
  /** Empties the fields after a success (password forms: a typed password does not linger in the page). */
  resetOnDone?: boolean;
}

export interface AccountForm<F extends string> {
  field(name: F): FieldBinding;
  formError: UiMessage | undefined;
  submitting: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

const NO_ERRORS = { fields: {} };
/** A call that threw (it should answer instead, but a bug must not leave the form spinning). */
const THREW = { ok: false, status: 0, message: 'The call failed' } as const;

/**
 * One account form: values, the schema's errors and the server's refusals. A field's error shows once the shopper
 * has left it with something typed, or after a submit; the server's refusal shows on the field it names until that
 * field changes.
 */
export function useAccountForm<F extends string, Out, R>(config: AccountFormConfig<F, Out, R>): AccountForm<F> {
  const { fields, initial, schema, send, onDone, resetOnDone } = config;
  const base = useId();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refused, setRefused] = useState<FormErrors<F>>(NO_ERRORS);

  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const checked: FormErrors<F> = parsed.success ? NO_ERRORS : fieldErrorsOf(parsed.error.issues, fields);
  const idOf = (name: F) => `${base}-${name}`;
  const focus = (name: F | undefined) => {
    if (name !== undefined) document.getElementById(idOf(name))?.focus();
  };

  const field = (name: F): FieldBinding => ({
    id: idOf(name),
    name,
    value: values[name],
    error: refused.fields[name] ?? (submitted || touched.has(name) ? checked.fields[name] : undefined),
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setRefused((current) =>
        current.fields[name] || current.form ? { fields: { ...current.fields, [name]: undefined } } : current,
      );
    },
    onBlur: () => {
      if (values[name] !== '' && !touched.has(name)) setTouched(new Set(touched).add(name));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setRefused(NO_ERRORS);
    if (!parsed.success) {
      focus(invalidFields(checked.fields, fields)[0]);
      return;
    }
    const data = parsed.data;
    setSubmitting(true);
    void send(data)
      .catch(() => THREW)
      .then((result) => {
        setSubmitting(false);
        if (!result.ok) {
          const errors = refusalErrors(result, fields);
          setRefused(errors);
          focus(invalidFields(errors.fields, fields)[0]);
          return;
        }
        if (resetOnDone) {
          setValues(initial);
          setTouched(new Set());
          setSubmitted(false);
        }
        onDone?.(result.result, data);
      });
  };

  // After a failed submit the form says why at its top too, so a screen reader hears it at once.
  const formError =
    refused.form ?? (submitted && !parsed.success ? (checked.form ?? { key: 'account.form.fixErrors' }) : undefined);
  return { field, formError, submitting, onSubmit };
}
