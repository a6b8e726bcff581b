// First: a tap on the server's first view before the app has drawn its own is kept from here on.
import './lib/first-view-taps.ts';
import { yieldToMain } from './lib/main-thread.ts';

/**
 * The page's entry. It lets the browser paint what the HTML carries before the app's JavaScript is evaluated:
 * the header (index.html) and, on a first visit, the first view the server drew into the page
 * (sync-server/http/first-view.ts). Evaluating the app and rendering it is a quarter of a second of main
 * thread on a slow phone, and a shopper should see the store at once, not a blank page for that long. The
 * app's chunks are already on their way meanwhile (modulepreload links, vite.config.ts), so this costs a frame,
 * not a round trip. A hidden tab draws no frames: the timeout starts the app there.
 */
const FRAME_WAIT_LIMIT_MS = 100;
/**
 * How long the app waits for the first view's pictures. They are small and fetched first (the page preloads
 * them), so they are usually there before the JavaScript; a picture that is slow to come does not hold the
 * store back past this.
 */
const PICTURE_WAIT_LIMIT_MS = 1000;

const afterNextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_LIMIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

/** The server's first view painted with its pictures, so the app's work does not come between them. */
const firstViewPictures = (): Promise<unknown> => {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('[data-first-view] img')];
  if (pictures.length === 0) return Promise.resolve();
  return Promise.race([
    // A picture that fails to load is not waited for either.
    Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_LIMIT_MS)),
  ]);
};

await firstViewPictures();
await afterNextFrame();
// The first page's five chunks (vite.config.ts), evaluated a task each: React, the other libraries (i18next, the
// router, zod), the product schemas, the other schemas shared with the server, then the app, which renders. Each
// import evaluates its whole chunk, and what that chunk imports that has not run yet.
await import('react-dom/client');
await yieldToMain();
await import('./lib/chunk-marks/libraries.ts');
await yieldToMain();
await import('./lib/chunk-marks/product-schemas.ts');
await yieldToMain();
await import('../schema/catalog/rules/format-price.ts');
await yieldToMain();
await import('./main.tsx');
