/**
 * The account feature's public face (issue 5): the routes for the router, the header widget and the layout's
 * notices. Everything else in this folder is its own business.
 */
export { accountRoutes } from './account-routes.tsx';
export { AccountMenu } from './account-menu.tsx';
// AccountNotices (account-notices.tsx) is loaded lazily by the layout, so it is not re-exported here.
export { useUser, useAccountSession } from './use-account.ts';
export { ACCOUNT_HOME, safeRedirect } from './redirect.ts';
