/** The catalogue paths' public face: the '/$slug' routes (a category, else a product, page, search or flag page). */
export { pathRoutes } from './path-routes.tsx';
