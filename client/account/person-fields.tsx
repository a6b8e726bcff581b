import { TextField } from '../ui/form/text-field.tsx';
import type { AccountForm } from './use-account-form.ts';
import { useT } from '../i18n/use-t.tsx';

type PersonField = 'firstname' | 'lastname' | 'email' | 'egn';

/** The shopper's own fields, the same on the register form and the profile form: names, e-mail, optional ЕГН. */
export function PersonFields({ form }: { form: Pick<AccountForm<PersonField>, 'field'> }) {
  const { t } = useT();
  return (
    <>
      <TextField
        binding={form.field('firstname')}
        label={t('account.fields.firstname')}
        autoComplete="given-name"
        required
      />
      <TextField
        binding={form.field('lastname')}
        label={t('account.fields.lastname')}
        autoComplete="family-name"
        required
      />
      <TextField
        binding={form.field('email')}
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        binding={form.field('egn')}
        label={t('account.fields.egn')}
        hint={t('account.fields.egnHint')}
        autoComplete="off"
        inputMode="numeric"
      />
    </>
  );
}
