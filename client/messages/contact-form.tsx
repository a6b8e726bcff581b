import { useCallback } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { SubmitButton } from '../ui/form/form-parts.tsx';
import { CheckboxField, InputField, TextAreaField } from './fields.tsx';
import { SendStatus } from './send-status.tsx';
import { useMessageCommand } from './use-message-command.ts';
import type { FormValues } from './use-message-form.ts';
import '../ui/form/form.css';

const FIELDS = ['name', 'email', 'address', 'phone', 'message', 'terms1', 'terms2', 'terms3'] as const;
type Field = (typeof FIELDS)[number];
const INITIAL: FormValues<Field> = {
  name: '',
  email: '',
  address: '',
  phone: '',
  message: '',
  terms1: false,
  terms2: false,
  terms3: false,
};
const SENT = 'messages.contact.sent';
const optional = (value: string | boolean) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The contact form (`contact.send`, the spec's POST /api/contact): name, e-mail, address, phone, message and the
 * three terms, of which the first (processing the data to answer) must be accepted; 'Your message has been sent!'.
 */
export function ContactForm() {
  const { t } = useT();
  const toPayload = useCallback(
    (v: FormValues<Field>) => ({
      name: v.name,
      email: v.email,
      ...(optional(v.address) ? { address: v.address } : {}),
      ...(optional(v.phone) ? { phone: v.phone } : {}),
      message: v.message,
      terms1: v.terms1,
      terms2: v.terms2,
      terms3: v.terms3,
    }),
    [],
  );
  const { phase, form, busy, onSubmit } = useMessageCommand(
    'contact.send',
    SENT,
    { fields: FIELDS, initial: INITIAL, toPayload },
    true,
  );
  return (
    <form
      className="account-form message-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('messages.contact.title')}
      data-testid="contact-form"
    >
      <InputField field={form.field('name')} label={t('messages.fields.name')} autoComplete="name" />
      <InputField field={form.field('email')} label={t('messages.fields.email')} type="email" autoComplete="email" />
      <InputField
        field={form.field('address')}
        label={t('messages.fields.address')}
        autoComplete="street-address"
        optional
      />
      <InputField
        field={form.field('phone')}
        label={t('messages.fields.phone')}
        type="tel"
        autoComplete="tel"
        optional
      />
      <TextAreaField field={form.field('message')} label={t('messages.fields.message')} />
      <CheckboxField field={form.field('terms1')}>{t('messages.contact.terms1')}</CheckboxField>
      <CheckboxField field={form.field('terms2')}>{t('messages.contact.terms2')}</CheckboxField>
      <CheckboxField field={form.field('terms3')}>{t('messages.contact.terms3')}</CheckboxField>
      <SendStatus phase={phase} sentKey={SENT} invalid={form.invalid} />
      <SubmitButton submitting={busy}>{t('messages.contact.submit')}</SubmitButton>
    </form>
  );
}
