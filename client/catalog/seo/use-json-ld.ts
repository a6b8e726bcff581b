import { useEffect } from 'react';

/** Puts a `<script type="application/ld+json">` with this text in the head while the page is shown. */
export function useJsonLd(text: string | undefined): void {
  useEffect(() => {
    if (text === undefined) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.text = text;
    script.dataset.listing = '';
    document.head.append(script);
    return () => script.remove();
  }, [text]);
}
