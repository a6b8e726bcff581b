import type { ReactNode } from 'react';
import './checkout.css';

interface ChoiceProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
  describedBy?: string | undefined;
  invalid?: boolean;
}

/** A labelled radio button or checkbox, the whole row its label (a large target on a phone). */
export function Choice({ type, name, value, checked, onChange, children, describedBy, invalid }: ChoiceProps) {
  return (
    <label className="checkout-choice">
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
      <span className="checkout-choice__label">{children}</span>
    </label>
  );
}
