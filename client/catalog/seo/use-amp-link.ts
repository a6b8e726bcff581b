import { useHeadElement } from './use-head-element.ts';

/** `<link rel="amphtml">` to the server-rendered AMP version of the page (sync-server/amp) while it is shown. */
export function useAmpLink(path: string | undefined): void {
  useHeadElement(
    'link',
    path === undefined ? undefined : { rel: 'amphtml', href: new URL(path, window.location.origin).href },
  );
}
