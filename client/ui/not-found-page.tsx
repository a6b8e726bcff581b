import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from './document-title.ts';
import { useT } from '../i18n/use-t.tsx';

export function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn btn--primary btn--md">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
