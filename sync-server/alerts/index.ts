/** The account settings' (alerts, mailings) public face on the server. */
export { alertsFeature } from './alerts-feature.ts';
export { accountSettingsReadModel } from './account-settings-model.ts';
export { alertsRoutes } from './alerts-routes.ts';
export { startAlertSweep, sweepAlerts } from './alert-sweep.ts';
export { alertPages } from './alert-pages.ts';
