import { useHeadElement } from './use-head-element.ts';

/** Sets `<meta name="robots">` and `<link rel="canonical">` while the page is shown; removes them after. */
export function useHeadTags(robots: string | undefined, canonicalPath: string | undefined): void {
  useHeadElement('meta', robots === undefined ? undefined : { name: 'robots', content: robots, 'data-listing': '' });
  useHeadElement(
    'link',
    canonicalPath === undefined
      ? undefined
      : { rel: 'canonical', href: new URL(canonicalPath, window.location.origin).href, 'data-listing': '' },
  );
}
