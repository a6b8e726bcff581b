/**
 * Taps on the first view the server drew into the page (sync-server/http/first-view.ts) are not lost. Its buttons
 * have no handlers: React does not hydrate that HTML, the app draws the page anew once its chunks have run, up to a
 * second or two later on a slow phone. A tap on one in that time (the wishlist toggle of a tile, a gallery thumb) is
 * kept by its button's name, and given to the app's button of the same name (one outside the first view) as soon as
 * the app has drawn it; after GIVE_UP_MS without one (the app drew another page), it is dropped.
 */
const GIVE_UP_MS = 10_000;

/**
 * A button's name as both sides write it: the server's first view in `aria-label`; the app in `aria-label` or, where
 * the name holds a product's name in a language of its own, in a hidden LabelWithName (client/ui/label-with-name.tsx).
 */
const nameOf = (button: Element): string =>
  button.getAttribute('aria-label') ??
  button.querySelector('.label-with-name')?.textContent ??
  button.textContent ??
  '';

document.addEventListener(
  'click',
  (event) => {
    const tapped = (event.target as Element).closest?.('[data-first-view] button');
    if (!tapped) return;
    const name = nameOf(tapped);
    const observer = new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) {
        if (!button.closest('[data-first-view]') && nameOf(button) === name) {
          observer.disconnect();
          button.click();
          return;
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => observer.disconnect(), GIVE_UP_MS);
  },
  true,
);
