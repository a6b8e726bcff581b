import { lazy, Suspense } from 'react';

/** The sitemap's code is a chunk of its own, loaded when /sitemap is opened: the first page's JavaScript budget. */
const SitemapPageChunk = lazy(() => import('./sitemap-page.tsx').then((m) => ({ default: m.SitemapPage })));

export function SitemapPage() {
  return (
    <Suspense fallback={null}>
      <SitemapPageChunk />
    </Suspense>
  );
}
