/** The newsletter's public face on the server. */
export { newsletterRoutes } from './newsletter-routes.ts';
export { newsletterPages } from './newsletter-pages.ts';
