import type { User } from '../../schema/account/user.ts';
import { PersonFields } from '../ui/form/person-fields.tsx';
import { TextField } from '../ui/form/text-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import { Choice } from './choice.tsx';
import { isOn } from './checkout-fields.ts';
import type { CheckoutForm } from './use-checkout-form.ts';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/** Step 1: who orders; a guest may create an account with the order (online only: it is made before placing). */
export function PersonalStep({ form, user, online }: { form: CheckoutForm; user: User | null; online: boolean }) {
  const { t } = useT();
  return (
    <>
      {user && <p className="page__intro">{t('checkout.personal.loggedInAs', { email: user.email })}</p>}
      <PersonFields
        bindings={{
          firstName: form.field('firstName'),
          lastName: form.field('lastName'),
          email: form.field('emailAddress'),
          egn: form.field('egn'),
        }}
      />
      {!user && (
        <>
          <Choice
            type="checkbox"
            name="createAccount"
            value="true"
            checked={isOn(form.values.createAccount)}
            onChange={(checked) => form.set('createAccount', checked && online ? 'true' : '')}
            describedBy={online ? undefined : `${form.idOf('createAccount')}-hint`}
          >
            {t('checkout.personal.createAccount')}
          </Choice>
          {!online && (
            <p id={`${form.idOf('createAccount')}-hint`} className="account-field__hint">
              {t('checkout.personal.onlineOnly')}
            </p>
          )}
          {isOn(form.values.createAccount) && (
            <TextField
              binding={form.field('password')}
              label={t('checkout.personal.password')}
              hint={t('account.fields.passwordHint')}
              type="password"
              autoComplete="new-password"
              required
            />
          )}
        </>
      )}
    </>
  );
}
