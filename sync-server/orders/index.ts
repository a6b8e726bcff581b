/** Orders' public face on the server. */
export { ordersFeature } from './orders-feature.ts';
export { ordersReadModel } from './orders-read-model.ts';
export { orderRoutes, type OrderRoutesDeps } from './order-routes.ts';
export { operatorOrderRoutes } from './operator-order-routes.ts';
