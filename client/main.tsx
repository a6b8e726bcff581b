import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { initI18n } from './i18n/index.ts';
import './ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

await initI18n();
// A transition: React renders the first page in slices of a few milliseconds, yielding between them, instead of
// one long task that keeps a slow phone from answering a tap (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

if (import.meta.env.PROD) {
  if (document.readyState === 'complete') void registerServiceWorker();
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
