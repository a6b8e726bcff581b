import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { useMessageText } from '../ui/form/use-message-text.ts';
import type { MessageField } from './use-message-form.ts';
import '../ui/form/form.css';

/** The error under a field, tied to it by aria-describedby. */
function FieldError({ field }: { field: MessageField }) {
  const text = useMessageText();
  if (!field.error) return null;
  return (
    <p id={`${field.id}-error`} className="account-field__error" data-testid={`error-${field.name}`}>
      {text(field.error)}
    </p>
  );
}

const described = (field: MessageField) => (field.error ? `${field.id}-error` : undefined);

function Label({ field, label, optional }: { field: MessageField; label: string; optional?: boolean }) {
  const { t } = useT();
  return (
    <label htmlFor={field.id} className="account-field__label">
      {label}
      {optional && ` ${t('messages.fields.optional')}`}
    </label>
  );
}

export function InputField({
  field,
  label,
  type = 'text',
  autoComplete,
  optional,
}: {
  field: MessageField;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  optional?: boolean;
}) {
  return (
    <div className={`account-field${field.error ? ' account-field--invalid' : ''}`}>
      <Label field={field} label={label} optional={optional ?? false} />
      <input
        id={field.id}
        name={field.name}
        className="account-field__input"
        type={type}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        autoComplete={autoComplete}
        required={!optional}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={described(field)}
      />
      <FieldError field={field} />
    </div>
  );
}

export function TextAreaField({ field, label }: { field: MessageField; label: string }) {
  return (
    <div className={`account-field${field.error ? ' account-field--invalid' : ''}`}>
      <Label field={field} label={label} />
      <textarea
        id={field.id}
        name={field.name}
        className="account-field__input"
        rows={5}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        required
        aria-invalid={field.error ? true : undefined}
        aria-describedby={described(field)}
      />
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({ field, children }: { field: MessageField; children: ReactNode }) {
  return (
    <div className={`account-field${field.error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={field.id}>
        <input
          id={field.id}
          name={field.name}
          type="checkbox"
          checked={field.checked}
          onChange={field.onChange}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={described(field)}
        />{' '}
        {children}
      </label>
      <FieldError field={field} />
    </div>
  );
}

/** The rating, 1 to 5, as a select: one control, labelled, usable by keyboard and screen reader alike. */
export function RatingField({ field, label }: { field: MessageField; label: string }) {
  const { t } = useT();
  return (
    <div className={`account-field${field.error ? ' account-field--invalid' : ''}`}>
      <Label field={field} label={label} />
      <select
        id={field.id}
        name={field.name}
        className="account-field__input"
        value={field.value}
        onChange={field.onChange}
        required
        aria-invalid={field.error ? true : undefined}
        aria-describedby={described(field)}
      >
        <option value="">—</option>
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={String(n)}>
            {'★'.repeat(n)} {t('messages.review.stars', { count: n })}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}
