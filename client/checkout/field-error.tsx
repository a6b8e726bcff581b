import type { UiMessage } from '../ui/form/ui-message.ts';
import { useMessageText } from '../ui/form/use-message-text.ts';
import '../ui/form/form.css';

/** The error of a group (radio buttons, a checkbox), tied to it by id. */
export function FieldError({ id, message }: { id: string; message: UiMessage | undefined }) {
  const text = useMessageText();
  return message ? (
    <p id={id} className="account-field__error">
      {text(message)}
    </p>
  ) : null;
}
