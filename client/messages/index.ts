/**
 * The messages' public face for the interface: the /contact route and the loader of the forms' chunk (the product
 * page's review and inquiry forms). The sync registration (feature.ts) is imported by the registry alone
 * (client/features.ts).
 */
export { loadMessagePages, messageRoutes } from './message-routes.tsx';
