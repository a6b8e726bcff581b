import { lazy, Suspense } from 'react';
import { importWhenReachable } from '../lib/import-when-reachable.ts';
import './navigation.css';

/**
 * The menu bar and the footer are chunks of their own (the first page's JavaScript budget): the bar's place is
 * held meanwhile (same class, same height), so nothing moves when it arrives; the footer is below the fold.
 */
const MenuBar = lazy(() => importWhenReachable(() => import('./menu-bar.tsx')));
const FooterWithLinks = lazy(() => importWhenReachable(() => import('./footer-with-links.tsx')));

export function LazyMenuBar({ bootInit }: { bootInit: unknown }) {
  return (
    <Suspense fallback={<div className="main-menu" aria-hidden="true" />}>
      <MenuBar bootInit={bootInit} />
    </Suspense>
  );
}

export function LazyFooter({ bootInit }: { bootInit: unknown }) {
  return (
    <Suspense fallback={<footer className="site-footer" />}>
      <FooterWithLinks bootInit={bootInit} />
    </Suspense>
  );
}
