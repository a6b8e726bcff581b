/** The cart's public face on the server. */
export { cartFeature, repricedCartOf } from './cart-feature.ts';
export { cartRoutes } from './cart-routes.ts';
export { cartReadModel } from './cart-read-model.ts';
