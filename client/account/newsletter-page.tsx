import { NewsletterForm } from '../newsletter/index.ts';
import { useAccountSettings } from '../alerts/index.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { useT } from '../i18n/use-t.tsx';
import { useAccountSession, useUser } from './use-account.ts';
import '../i18n/account-texts.ts';
import '../ui/form/form.css';

/**
 * '/my-account/newsletter' (spec section 2): the newsletter's form for the user's address, with the subscription's
 * state as the account's settings say (synced: a confirmation opened on another device shows here live).
 */
export function NewsletterPage() {
  const { t } = useT();
  useDocumentTitle(t('account.newsletter.title'));
  useAccountSession();
  const user = useUser();
  const settings = useAccountSettings();
  return (
    <div className="page account-page" data-testid="newsletter-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.newsletter.title')}
      </h1>
      <section className="account-card">
        {user === undefined ? null : (
          <NewsletterForm initialEmail={user?.email ?? ''} status={settings?.newsletter.status} />
        )}
      </section>
    </div>
  );
}
