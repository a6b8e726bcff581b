import type { HTMLAttributes } from 'react';
import type { FieldBinding } from './field-binding.ts';
import { useMessageText } from './use-message-text.ts';
import './form.css';

interface TextFieldProps {
  binding: FieldBinding;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  required?: boolean;
}

/**
 * A labelled input with its hint and its error, tied to it by aria-describedby so a screen reader reads them with
 * the field; aria-invalid marks it while the error shows.
 */
export function TextField({ binding, label, hint, type = 'text', autoComplete, inputMode, required }: TextFieldProps) {
  const text = useMessageText();
  const hintId = hint ? `${binding.id}-hint` : undefined;
  const errorId = binding.error ? `${binding.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`account-field${binding.error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={binding.id} className="account-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      )}
      <input
        id={binding.id}
        name={binding.name}
        className="account-field__input"
        type={type}
        value={binding.value}
        onChange={binding.onChange}
        onBlur={binding.onBlur}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={type === 'text' ? undefined : false}
      />
      {binding.error && (
        <p id={errorId} className="account-field__error" data-testid={`error-${binding.name}`}>
          {text(binding.error)}
        </p>
      )}
    </div>
  );
}
