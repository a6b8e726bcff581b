import { useId } from 'react';
import type { User } from '../../schema/account/user.ts';
import { updateUserBodySchema } from '../../schema/account/profile-calls.ts';
import { notify } from '../ui/notifications.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { PROFILE_FIELDS } from './form-schemas.ts';
import { PersonFields } from './person-fields.tsx';
import { accountSession, useStartStoreClient } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/** The user's own data (POST /api/user), with the register form's rules: the ЕГН optional, and valid when given. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useT();
  useStartStoreClient();
  const headingId = useId();
  const form = useAccountForm({
    fields: PROFILE_FIELDS,
    initial: { firstname: user.firstname, lastname: user.lastname, email: user.email, egn: user.egn ?? '' },
    schema: updateUserBodySchema,
    send: (data) => accountSession().then((s) => s.call<User>('/', { method: 'POST', body: data })),
    onDone: () => notify({ kind: 'success', message: { key: 'account.home.updated' } }),
  });
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-card__title">
        {t('account.home.profileTitle')}
      </h2>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-labelledby={headingId}>
        <FormError message={form.formError} />
        <PersonFields form={form} />
        <SubmitButton submitting={form.submitting}>{t('account.home.profileSubmit')}</SubmitButton>
      </form>
    </section>
  );
}
