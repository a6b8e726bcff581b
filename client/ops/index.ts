/**
 * The operator console's public face (issue 30): its routes under /ops. The console itself (pages, texts, styles,
 * the API client) is lazy chunks of its own, never in the shop's first page.
 */
export { opsRoutes } from './ops-routes.tsx';
