import { lazyRouteComponent } from '@tanstack/react-router';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importWhenReachable } from './import-when-reachable.ts';

/**
 * The two ways the app draws a component from a chunk of its own, each with its import waiting for the network
 * (import-when-reachable.ts): a chunk asked for offline on a first visit must not take the page down. Called with
 * the chunk's `() => import('./file.tsx')` and the export's name.
 */

/** A route's component (TanStack's lazyRouteComponent: loaded when the route is first entered, or preloaded). */
export const lazyRoute = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyRouteComponent(() => importWhenReachable(load), name);

/**
 * A component within a page (React.lazy, under a Suspense). `ComponentType<any>` is React.lazy's own bound: a
 * component's props are whatever it declares.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound, see above
export const lazyComponent = <M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> => lazy(() => importWhenReachable(load).then((module) => ({ default: module[name] })));
