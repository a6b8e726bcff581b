/** The checkout feature's public face: its routes for the router (each page a lazy chunk of its own). */
export { checkoutRoutes } from './checkout-routes.tsx';
