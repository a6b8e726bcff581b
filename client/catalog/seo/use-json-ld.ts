import { useHeadElement } from './use-head-element.ts';

/** Puts a `<script type="application/ld+json">` with this text in the head while the page is shown. */
export function useJsonLd(text: string | undefined): void {
  useHeadElement('script', text === undefined ? undefined : { type: 'application/ld+json', 'data-listing': '' }, text);
}
