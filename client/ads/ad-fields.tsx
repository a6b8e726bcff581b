import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { userTextLang } from '../ui/user-text-lang.ts';
import '../ui/form/form.css';

/**
 * The ad form's labelled fields, in the account forms' look (client/ui/form/text-field.tsx): the hint and the error
 * tied to the control by aria-describedby, aria-invalid while the error shows. Text areas and selects too, which
 * the shared TextField does not offer.
 */
interface FieldShell {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

export function Field({ id, label, hint, error, children }: FieldShell) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={id} className="account-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      )}
      {children({
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error && (
        <p id={errorId} className="account-field__error" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface Common {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
}

export function TextInput({
  type = 'text',
  autoComplete = 'off',
  inputMode,
  maxLength,
  ...field
}: Common & {
  type?: 'text' | 'tel' | 'email' | 'search';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'decimal' | 'search';
  maxLength?: number;
}) {
  return (
    <Field {...field}>
      {(aria) => (
        <input
          id={field.id}
          name={field.id}
          className="account-field__input"
          type={type}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          required={field.required}
          {...aria}
        />
      )}
    </Field>
  );
}

export function TextArea({ rows = 6, maxLength, ...field }: Common & { rows?: number; maxLength?: number }) {
  // What the seller wrote (Bulgarian, as a rule): marked so on an English page.
  const { language } = useT();
  return (
    <Field {...field}>
      {(aria) => (
        <textarea
          id={field.id}
          name={field.id}
          className="account-field__input"
          rows={rows}
          lang={userTextLang(field.value, language)}
          value={field.value}
          maxLength={maxLength}
          onChange={(event) => field.onChange(event.target.value)}
          required={field.required}
          {...aria}
        />
      )}
    </Field>
  );
}

export function Select({
  options,
  ...field
}: Common & { options: readonly { value: string; label: string; lang?: string | undefined }[] }) {
  return (
    <Field {...field}>
      {(aria) => (
        <select
          id={field.id}
          name={field.id}
          className="account-field__input"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          required={field.required}
          {...aria}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
