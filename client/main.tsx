// The shared styles (tokens, base rules, shared parts), before every feature's own rules (vite.config.ts).
import './ui/shared.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { router } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import { yieldToMain } from './lib/main-thread.ts';
import { importWhenReachable } from './lib/import-when-reachable.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The app's start, in tasks that each stay short on a slow phone. Not top-level awaits: the lazy chunks (the
 * account pages) import from this chunk, and a top-level await that waits for them (the router loading the
 * address's lazy page) would wait for ever.
 */
const start = async (container: HTMLElement): Promise<void> => {
  // Not in the task that evaluated this chunk: the two together were a slow phone's long task.
  await yieldToMain();
  await initI18n();
  await yieldToMain();
  // The router matches the address before the first render: otherwise it renders nothing first, and the page
  // itself mounts when its matches settle, through the router's store, which React renders in one blocking task.
  await router.load();
  await yieldToMain();
  // A transition: React renders the first page in slices of a few milliseconds, yielding between them, instead
  // of one long task that keeps a slow phone from answering a tap (Lighthouse's total blocking time).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

start(root).catch((error: unknown) => console.error('[app] the app could not start', error));

if (import.meta.env.PROD) {
  // Its code loads after the page, when it is needed: the first page's JavaScript has a budget.
  const register = () =>
    void importWhenReachable(() => import('./app/service-worker.ts')).then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
