import { useRouterState } from '@tanstack/react-router';
import { SpaLink } from '../ui/spa-link.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { searchParam } from './redirect.ts';
import { ResetConfirmForm } from './reset-confirm-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import './account.css';

/** '/reset-password': the request form; with `?token=` (the mailed link) the new-password form. */
export function ResetPasswordPage() {
  const { t } = useT();
  const token = searchParam(useRouterState({ select: (s) => s.location.searchStr }), 'token');
  const title = token ? t('account.reset.newTitle') : t('account.reset.title');
  useDocumentTitle(title);
  return (
    <div className="page account-auth" data-testid="reset-password-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {title}
      </h1>
      {token ? <ResetConfirmForm token={token} /> : <ResetRequestForm />}
      <p className="account-auth__links">
        <SpaLink href="/login">{t('account.reset.backToLogin')}</SpaLink>
      </p>
    </div>
  );
}
