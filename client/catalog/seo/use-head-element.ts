import { useEffect } from 'react';

/**
 * An element in the document's head while the page is shown, removed after: `tag` with `attributes` (and its
 * text, for a script). Nothing while `attributes` is undefined. Re-made when an attribute or the text changes.
 */
export function useHeadElement(
  tag: 'meta' | 'link' | 'script',
  attributes: Readonly<Record<string, string>> | undefined,
  text?: string,
): void {
  const key = attributes === undefined ? undefined : JSON.stringify([attributes, text ?? null]);
  useEffect(() => {
    if (key === undefined) return;
    const [attrs, content] = JSON.parse(key) as [Record<string, string>, string | null];
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (content !== null) element.textContent = content;
    document.head.append(element);
    return () => element.remove();
  }, [tag, key]);
}
