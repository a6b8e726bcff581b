import { useCallback } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { SubmitButton } from '../ui/form/form-parts.tsx';
import { InputField, TextAreaField } from './fields.tsx';
import { SendStatus } from './send-status.tsx';
import { useMessageCommand } from './use-message-command.ts';
import type { FormValues } from './use-message-form.ts';
import '../ui/form/form.css';

const FIELDS = ['message', 'email'] as const;
type Field = (typeof FIELDS)[number];
const INITIAL: FormValues<Field> = { message: '', email: '' };
const SENT = 'messages.feedback.sent';

/** Feedback about the site (`feedback.send`): a message, an e-mail if the sender wants an answer, and the page. */
export function FeedbackForm({ page }: { page: string }) {
  const { t } = useT();
  const toPayload = useCallback(
    (v: FormValues<Field>) => ({
      message: v.message,
      ...(v.email !== '' ? { email: v.email } : {}),
      page,
    }),
    [page],
  );
  const { phase, form, busy, onSubmit } = useMessageCommand(
    'feedback.send',
    SENT,
    { fields: FIELDS, initial: INITIAL, toPayload },
    true,
  );
  return (
    <form
      className="account-form message-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('messages.feedback.heading')}
      data-testid="feedback-form"
    >
      <h2>{t('messages.feedback.heading')}</h2>
      <TextAreaField field={form.field('message')} label={t('messages.fields.message')} />
      <InputField
        field={form.field('email')}
        label={t('messages.fields.email')}
        type="email"
        autoComplete="email"
        optional
      />
      <SendStatus phase={phase} sentKey={SENT} invalid={form.invalid} />
      <SubmitButton submitting={busy}>{t('messages.feedback.submit')}</SubmitButton>
    </form>
  );
}
