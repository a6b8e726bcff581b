import type { ReactNode } from 'react';
import { Button } from '../button.tsx';
import type { UiMessage } from './ui-message.ts';
import { useMessageText } from './use-message-text.ts';
import { useT } from '../../i18n/use-t.tsx';
import '../../i18n/account-texts.ts';
import './form.css';

/** The form's own problem (a refusal that names no field, the "fix the marked fields" summary), announced. */
export function FormError({ message }: { message: UiMessage | undefined }) {
  const text = useMessageText();
  return (
    <div role="alert" className="account-form__alert-slot">
      {message && (
        <p className="banner banner--error account-form__alert" data-testid="form-error">
          {text(message)}
        </p>
      )}
    </div>
  );
}

/** The submit button; while the call runs it says so and ignores further presses (the form does too). */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  const { t } = useT();
  return (
    <Button type="submit" block aria-disabled={submitting || undefined} className="account-form__submit">
      {submitting ? t('account.form.sending') : children}
    </Button>
  );
}
