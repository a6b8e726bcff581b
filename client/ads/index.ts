/**
 * The second-hand ads' public face (issue 18): their routes. The pages are lazy chunks; the sync registration
 * (feature.ts) and the notices (notices.ts) are imported by the registries alone.
 */
export { adRoutes, myAdRoutes } from './ad-routes.tsx';
