import './ui/styles.css';
import { yieldToMain } from './lib/main-thread.ts';

/**
 * The page's entry. It lets the browser paint the header the HTML carries (index.html) before the app's
 * JavaScript is evaluated: evaluating the app and rendering its first view is a quarter of a second of main
 * thread on a slow phone, and a shopper should see the store at once, not a blank page for that long. The
 * app's chunk is already on its way meanwhile (a modulepreload link, vite.config.ts), so this costs a frame,
 * not a round trip. A hidden tab draws no frames: the timeout starts the app there.
 */
const FRAME_WAIT_LIMIT_MS = 100;

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

/**
 * The stylesheet the page preloads (the header's rules are inlined in it, vite.config.ts), applied now: a
 * stylesheet added by a script does not hold the first paint back. The app renders once it has loaded.
 */
const applyStylesheet = (): Promise<void> => {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-app-styles]');
  // The dev server injects the styles itself.
  if (!preload) return Promise.resolve();
  return new Promise((resolve) => {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = preload.href;
    sheet.crossOrigin = preload.crossOrigin;
    // A stylesheet that fails to load leaves the page plain, not blank.
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
    document.head.append(sheet);
  });
};

const stylesheet = applyStylesheet();
await afterNextFrame();
// The first page's three chunks (vite.config.ts), evaluated a task each: the libraries, the schemas shared with
// the server, then the app, which renders. Each import evaluates its whole chunk.
await import('react-dom/client');
await yieldToMain();
await import('../schema/catalog/rules/format-price.ts');
await yieldToMain();
await stylesheet;
await import('./main.tsx');
