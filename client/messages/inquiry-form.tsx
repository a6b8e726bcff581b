import { useCallback } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { SubmitButton } from '../ui/form/form-parts.tsx';
import { InputField, TextAreaField } from './fields.tsx';
import { SendStatus } from './send-status.tsx';
import { useMessageCommand } from './use-message-command.ts';
import type { FormValues } from './use-message-form.ts';
import '../ui/form/form.css';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
const INITIAL: FormValues<Field> = { name: '', email: '', phone: '', message: '' };
const SENT = 'messages.inquiry.sent';

/**
 * The product inquiry (`inquiry.send`, the spec's POST /api/products/send-inquiry): 'Your inquiry has been sent!'
 * and the form cleared. A guest's carries the proof-of-work, solved on the device.
 */
export function InquiryForm({ sku }: { sku: string }) {
  const { t } = useT();
  const toPayload = useCallback(
    (v: FormValues<Field>) => ({
      sku,
      name: v.name,
      email: v.email,
      ...(v.phone !== '' ? { phone: v.phone } : {}),
      message: v.message,
    }),
    [sku],
  );
  const { phase, form, busy, onSubmit } = useMessageCommand(
    'inquiry.send',
    SENT,
    { fields: FIELDS, initial: INITIAL, toPayload },
    true,
  );
  return (
    <form
      className="account-form message-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('messages.inquiry.heading')}
      data-testid="inquiry-form"
    >
      <h3>{t('messages.inquiry.heading')}</h3>
      <InputField field={form.field('name')} label={t('messages.fields.name')} autoComplete="name" />
      <InputField field={form.field('email')} label={t('messages.fields.email')} type="email" autoComplete="email" />
      <InputField
        field={form.field('phone')}
        label={t('messages.fields.phone')}
        type="tel"
        autoComplete="tel"
        optional
      />
      <TextAreaField field={form.field('message')} label={t('messages.fields.message')} />
      <SendStatus phase={phase} sentKey={SENT} invalid={form.invalid} />
      <SubmitButton submitting={busy}>{t('messages.inquiry.submit')}</SubmitButton>
    </form>
  );
}
