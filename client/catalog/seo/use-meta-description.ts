import { useEffect } from 'react';

/** Sets `<meta name="description">` while the page is shown; puts the previous text back after. */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    if (description === undefined || description === '') return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    const tag = meta;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
}
