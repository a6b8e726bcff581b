import { useEffect } from 'react';

/** Sets `<meta name="robots">` and `<link rel="canonical">` while the page is shown; removes them after. */
export function useHeadTags(robots: string | undefined, canonicalPath: string | undefined): void {
  useEffect(() => {
    if (robots === undefined) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = robots;
    meta.dataset.listing = '';
    document.head.append(meta);
    return () => meta.remove();
  }, [robots]);
  useEffect(() => {
    if (canonicalPath === undefined) return;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = new URL(canonicalPath, window.location.origin).href;
    link.dataset.listing = '';
    document.head.append(link);
    return () => link.remove();
  }, [canonicalPath]);
}
