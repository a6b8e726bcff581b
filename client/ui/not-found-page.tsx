import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from './document-title.ts';
import { useT } from '../i18n/use-t.tsx';

/** A page that says why there is nothing here: its code, a heading, a sentence and the way home. */
function StatusPage({ code, texts, testId }: { code: number; texts: 'notFound' | 'errorPage'; testId: string }) {
  const { t } = useT();
  useDocumentTitle(t(`${texts}.title`));
  return (
    <div className="page not-found" data-testid={testId}>
      <p className="not-found__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="page__title" tabIndex={-1} data-page-heading>
        {t(`${texts}.title`)}
      </h1>
      <p>{t(`${texts}.text`)}</p>
      <Link to="/" className="btn btn--primary btn--md">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return <StatusPage code={404} texts="notFound" testId="not-found" />;
}

/** The spec's /error page: something went wrong on the shop's side, not a wrong address (issue 19). */
export function ErrorPage() {
  return <StatusPage code={500} texts="errorPage" testId="error-page" />;
}
