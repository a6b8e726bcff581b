import { useState } from 'react';
import { resetPasswordBodySchema } from '../../schema/account/auth-calls.ts';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues } from './form-schemas.ts';
import { TextField } from '../ui/form/text-field.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

const FIELDS = ['email'] as const;

/**
 * Asks for a reset link. The answer is the same whether the address has an account or not (the server's choice, so
 * the form does not tell who is a customer), and so is what we show.
 */
export function ResetRequestForm() {
  const { t } = useT();
  useStartStoreClient();
  const [sent, setSent] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    initial: blankValues(FIELDS),
    schema: resetPasswordBodySchema,
    send: (data) => accountSession().then((s) => s.requestPasswordReset(data.email)),
    onDone: () => setSent(true),
  });
  return (
    <>
      <p className="page__intro">{t('account.reset.intro')}</p>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-label={t('account.reset.title')}>
        <FormError message={form.formError} />
        <div role="status" className="account-form__status-slot">
          {sent && <p className="banner banner--info">{t('account.reset.sent')}</p>}
        </div>
        <TextField
          binding={form.field('email')}
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <SubmitButton submitting={form.submitting}>{t('account.reset.submit')}</SubmitButton>
      </form>
    </>
  );
}
