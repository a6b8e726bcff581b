import { SpaLink } from '../ui/spa-link.tsx';
import { dismissGuardWarning, useGuardWarning } from './guard-warning.ts';
import { withRedirect } from './redirect.ts';
import { useT } from '../i18n/use-t.tsx';
import '../i18n/account-texts.ts';
import './account-notices.css';

/**
 * 'You need to be logged in to see this page' with Log in and Register (spec sections 2 and 8). Both come back to
 * the page asked for once the shopper is in. It stays until closed or followed: a warning that vanishes before a
 * keyboard user reaches its actions helps no one.
 */
export function GuardWarningBanner() {
  const { t } = useT();
  const warning = useGuardWarning();
  return (
    <div role="alert" className="account-guard-warning-slot">
      {warning && (
        <div className="banner banner--warning account-guard-warning" data-testid="account-guard-warning">
          <p className="account-guard-warning__text">{t('account.guard.warning')}</p>
          <div className="account-guard-warning__actions">
            <SpaLink
              href={withRedirect('/login', warning.path)}
              className="btn btn--primary btn--sm"
              onClick={dismissGuardWarning}
            >
              {t('account.guard.login')}
            </SpaLink>
            <SpaLink
              href={withRedirect('/register', warning.path)}
              className="btn btn--secondary btn--sm"
              onClick={dismissGuardWarning}
            >
              {t('account.guard.register')}
            </SpaLink>
            <button type="button" className="account-guard-warning__close" onClick={dismissGuardWarning}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('account.guard.dismiss')}</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
