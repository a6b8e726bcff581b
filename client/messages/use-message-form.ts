import { useId, useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import type { UiMessage } from '../ui/form/ui-message.ts';
import { fieldIssues } from './field-issues.ts';

export type FormValues<F extends string> = Record<F, string | boolean>;

export interface MessageField {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  error: UiMessage | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
}

/**
 * A message form's values and errors, checked by the command's own payload schema (the server parses the same), so
 * both refuse the same input. A field's error shows once the shopper left it with something typed, or after a
 * submit; a refusal the server names a field with shows on it until it changes.
 */
export function useMessageForm<F extends string>(config: {
  fields: readonly F[];
  initial: FormValues<F>;
  schema: z.ZodType;
  /** The payload as the command carries it: empty optional fields left out, numbers as numbers. */
  toPayload: (values: FormValues<F>) => Record<string, unknown>;
}) {
  const { fields, initial, schema, toPayload } = config;
  const base = useId();
  const [values, setValues] = useState<FormValues<F>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<{ field: string; message: UiMessage } | undefined>(undefined);

  const payload = useMemo(() => toPayload(values), [toPayload, values]);
  const parsed = useMemo(() => schema.safeParse(payload), [schema, payload]);
  const errors = useMemo(() => (parsed.success ? {} : fieldIssues(parsed.error.issues, payload)), [parsed, payload]);
  const idOf = (name: string) => `${base}-${name}`;

  const field = (name: F): MessageField => {
    const value = values[name];
    return {
      id: idOf(name),
      name,
      value: typeof value === 'string' ? value : '',
      checked: value === true,
      error:
        (refused?.field === name ? refused.message : undefined) ??
        (submitted || touched.has(name) ? errors[name] : undefined),
      onChange: (event) => {
        const target = event.target;
        const next = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
        setValues((current) => ({ ...current, [name]: next }));
        if (refused?.field === name) setRefused(undefined);
      },
      onBlur: () => {
        if (value !== '' && !touched.has(name)) setTouched(new Set(touched).add(name));
      },
    };
  };

  /** The payload when the form is valid; otherwise marks the errors and focuses the first. */
  const submit = (): Record<string, unknown> | undefined => {
    setSubmitted(true);
    if (parsed.success) return payload;
    const first = fields.find((name) => errors[name] !== undefined);
    if (first !== undefined) document.getElementById(idOf(first))?.focus();
    return undefined;
  };

  const reset = () => {
    setValues(initial);
    setTouched(new Set());
    setSubmitted(false);
    setRefused(undefined);
  };

  return {
    field,
    submit,
    reset,
    refuse: (name: string, message: UiMessage) => setRefused({ field: name, message }),
    invalid: submitted && !parsed.success,
  };
}
