import { useEffect } from 'react';

/** `<link rel="amphtml">` to the server-rendered AMP version of the page (sync-server/amp) while it is shown. */
export function useAmpLink(path: string | undefined): void {
  useEffect(() => {
    if (path === undefined) return;
    const link = document.createElement('link');
    link.rel = 'amphtml';
    link.href = new URL(path, window.location.origin).href;
    document.head.append(link);
    return () => link.remove();
  }, [path]);
}
