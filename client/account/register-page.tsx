import { registerBodyOf, registerFormSchema } from '../../schema/account/auth-calls.ts';
import { SpaLink } from '../ui/spa-link.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { notify } from '../ui/notifications.tsx';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues, REGISTER_FIELDS } from './form-schemas.ts';
import { withRedirect } from './redirect.ts';
import { PersonFields } from './person-fields.tsx';
import { TextField } from '../ui/form/text-field.tsx';
import { accountSession, displayName, useStartStoreClient, useUser } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useForwardWhenLoggedIn, useRedirectTarget } from './use-forward.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import './account.css';
import '../ui/form/form.css';

/**
 * '/register': the customer's fields and the password twice, checked with the server's own rules (the ЕГН is
 * optional, and valid when given). Success is followed by an automatic login (spec section 4), then the page the
 * shopper came for.
 */
export function RegisterPage() {
  const { t } = useT();
  useDocumentTitle(t('account.register.title'));
  useStartStoreClient();
  const target = useRedirectTarget();
  useForwardWhenLoggedIn(useUser(), target);
  const form = useAccountForm({
    fields: REGISTER_FIELDS,
    initial: blankValues(REGISTER_FIELDS),
    schema: registerFormSchema,
    send: (data) => accountSession().then((s) => s.register(registerBodyOf(data))),
    // The page goes on once the session has the user (useForwardWhenLoggedIn), so the guard there sees them too.
    onDone: (user) =>
      notify({ kind: 'success', message: { key: 'account.register.welcome', params: { name: displayName(user) } } }),
  });
  return (
    <div className="page account-auth" data-testid="register-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.register.title')}
      </h1>
      <p className="page__intro">{t('account.register.intro')}</p>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-label={t('account.register.title')}>
        <FormError message={form.formError} />
        <PersonFields form={form} />
        <TextField
          binding={form.field('password')}
          label={t('account.fields.password')}
          hint={t('account.fields.passwordHint')}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          binding={form.field('passwordConfirmation')}
          label={t('account.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
        />
        <SubmitButton submitting={form.submitting}>{t('account.register.submit')}</SubmitButton>
      </form>
      <p className="account-auth__links">
        {t('account.register.haveAccount')}{' '}
        <SpaLink href={withRedirect('/login', target)}>{t('account.register.login')}</SpaLink>
      </p>
    </div>
  );
}
