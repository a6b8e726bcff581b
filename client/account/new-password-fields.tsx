import { TextField } from '../ui/form/text-field.tsx';
import type { AccountForm } from './use-account-form.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';

/** A new password typed twice: the change-password form and the reset link's form. */
export function NewPasswordFields({
  form,
}: {
  form: Pick<AccountForm<'newPassword' | 'newPasswordConfirmation'>, 'field'>;
}) {
  const { t } = useT();
  return (
    <>
      <TextField
        binding={form.field('newPassword')}
        label={t('account.fields.newPassword')}
        hint={t('account.fields.passwordHint')}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        binding={form.field('newPasswordConfirmation')}
        label={t('account.fields.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
