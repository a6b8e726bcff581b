import { useEffect } from 'react';
import { useT } from '../i18n/use-t.tsx';

/** Sets the tab title of a page: "<page> | Apple Store България". */
export function useDocumentTitle(page: string): void {
  const { t } = useT();
  const title = t('app.titleTemplate', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
