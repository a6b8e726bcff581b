import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title of a page: "<page> | Apple Store България". */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.titleTemplate', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
