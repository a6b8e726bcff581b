import { lazy, Suspense } from 'react';
import { importWhenReachable } from '../../lib/import-when-reachable.ts';

/** The sitemap's code is a chunk of its own, loaded when /sitemap is opened: the first page's JavaScript budget. */
const SitemapPageChunk = lazy(() =>
  importWhenReachable(() => import('./sitemap-page.tsx')).then((m) => ({ default: m.SitemapPage })),
);

export function SitemapPage() {
  return (
    <Suspense fallback={null}>
      <SitemapPageChunk />
    </Suspense>
  );
}
