/**
 * The account feature's public face (issue 5): the routes for the router, the header widget and the layout's
 * notices. Everything else in this folder is its own business.
 */
export { accountRoutes } from './account-routes.tsx';
export { AccountMenu } from './account-menu.tsx';
export { AccountNotices } from './account-notices.tsx';
export { useUser, useAccountSession } from './use-account.ts';
export { ACCOUNT_HOME, safeRedirect } from './redirect.ts';
