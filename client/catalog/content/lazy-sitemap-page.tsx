import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-when-reachable.ts';

/** The sitemap's code is a chunk of its own, loaded when /sitemap is opened: the first page's JavaScript budget. */
const SitemapPageChunk = lazyComponent(() => import('./sitemap-page.tsx'), 'SitemapPage');

export function SitemapPage() {
  return (
    <Suspense fallback={null}>
      <SitemapPageChunk />
    </Suspense>
  );
}
