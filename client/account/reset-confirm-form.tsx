import { notify } from '../ui/notifications.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues, RESET_CONFIRM_FIELDS, resetConfirmFormSchema } from './form-schemas.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useGo } from './use-forward.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/** The mailed link's page: a new password, twice. An expired or used link is said over the form. */
export function ResetConfirmForm({ token }: { token: string }) {
  const { t } = useT();
  useStartStoreClient();
  const go = useGo();
  const form = useAccountForm({
    fields: RESET_CONFIRM_FIELDS,
    initial: blankValues(RESET_CONFIRM_FIELDS),
    schema: resetConfirmFormSchema,
    send: (data) => accountSession().then((s) => s.confirmPasswordReset(token, data.newPassword)),
    resetOnDone: true,
    onDone: () => {
      notify({ kind: 'success', message: { key: 'account.reset.changed' } });
      go('/login');
    },
  });
  return (
    <>
      <p className="page__intro">{t('account.reset.newIntro')}</p>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-label={t('account.reset.newTitle')}>
        <FormError message={form.formError} />
        <NewPasswordFields form={form} />
        <SubmitButton submitting={form.submitting}>{t('account.reset.newSubmit')}</SubmitButton>
      </form>
    </>
  );
}
