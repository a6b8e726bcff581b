/**
 * The orders feature's public face: its routes and pages for the router and the account's layout (lazy chunks). Its sync registration (feature.ts) is
 * imported by the registry alone (client/features.ts).
 */
export { orderRoutes, OrderPage, OrdersPage } from './order-routes.tsx';
