import { useDocumentTitle } from '../ui/document-title.ts';
import { useT } from '../i18n/use-t.tsx';

/**
 * '/my-account/newsletter' (spec section 2). The spec's calls (POST and DELETE /api/user/subscribe) do not exist on
 * the server yet, and the account session's `call` has no DELETE; a toggle that changed nothing would mislead, so the
 * page says the subscription comes soon. The form joins when the server's calls land.
 */
export function NewsletterPage() {
  const { t } = useT();
  useDocumentTitle(t('account.newsletter.title'));
  return (
    <div className="page account-page" data-testid="newsletter-page">
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('account.newsletter.title')}
      </h1>
      <p className="account-card">{t('account.newsletter.text')}</p>
    </div>
  );
}
