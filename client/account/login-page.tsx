import { SpaLink } from '../ui/spa-link.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { FormError, SubmitButton } from '../ui/form/form-parts.tsx';
import { blankValues, LOGIN_FIELDS, loginFormSchema } from './form-schemas.ts';
import { withRedirect } from './redirect.ts';
import { TextField } from '../ui/form/text-field.tsx';
import { accountSession, useStartStoreClient, useUser } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import { useForwardWhenLoggedIn, useRedirectTarget } from './use-forward.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import './account.css';
import '../ui/form/form.css';

/** '/login': e-mail and password; afterwards the page the shopper came for (`?redirect=`), else my-account. */
export function LoginPage() {
  const { t } = useT();
  useDocumentTitle(t('account.login.title'));
  useStartStoreClient();
  const target = useRedirectTarget();
  // Forwarded when the session has the user (not when the call answers): the guard of the target reads the same.
  useForwardWhenLoggedIn(useUser(), target);
  const form = useAccountForm({
    fields: LOGIN_FIELDS,
    initial: blankValues(LOGIN_FIELDS),
    schema: loginFormSchema,
    send: (data) => accountSession().then((s) => s.login(data.email, data.password)),
  });
  return (
    <div className="page account-auth" data-testid="login-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.login.title')}
      </h1>
      <form className="account-form" noValidate onSubmit={form.onSubmit} aria-label={t('account.login.title')}>
        <FormError message={form.formError} />
        <TextField
          binding={form.field('email')}
          label={t('account.fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
        />
        <TextField
          binding={form.field('password')}
          label={t('account.fields.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton submitting={form.submitting}>{t('account.login.submit')}</SubmitButton>
      </form>
      <p className="account-auth__links">
        <SpaLink href="/reset-password">{t('account.login.forgot')}</SpaLink>
      </p>
      <p className="account-auth__links">
        {t('account.login.noAccount')}{' '}
        <SpaLink href={withRedirect('/register', target)}>{t('account.login.register')}</SpaLink>
      </p>
    </div>
  );
}
