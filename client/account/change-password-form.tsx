import { useId } from 'react';
import { changePasswordBodyOf, changePasswordFormSchema } from '../../schema/account/auth-calls.ts';
import { notify } from '../ui/notifications.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues, CHANGE_PASSWORD_FIELDS } from './form-schemas.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { TextField } from '../ui/form/text-field.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/**
 * Change password: the current one (the server checks it: a wrong one is said on its field) and the new one twice.
 * The fields are emptied afterwards. Other devices' sessions end on the server.
 */
export function ChangePasswordForm() {
  const { t } = useT();
  useStartStoreClient();
  const headingId = useId();
  const form = useAccountForm({
    fields: CHANGE_PASSWORD_FIELDS,
    initial: blankValues(CHANGE_PASSWORD_FIELDS),
    schema: changePasswordFormSchema,
    send: (data) =>
      accountSession().then((s) =>
        s.call<string>('/change-password', { method: 'POST', body: changePasswordBodyOf(data) }),
      ),
    resetOnDone: true,
    onDone: () => notify({ kind: 'success', message: { key: 'account.home.passwordChanged' } }),
  });
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-card__title">
        {t('account.home.passwordTitle')}
      </h2>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-labelledby={headingId}>
        <FormError message={form.formError} />
        <TextField
          binding={form.field('currentPassword')}
          label={t('account.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields form={form} />
        <SubmitButton submitting={form.submitting}>{t('account.home.passwordSubmit')}</SubmitButton>
      </form>
    </section>
  );
}
