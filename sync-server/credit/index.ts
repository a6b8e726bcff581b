/**
 * Consumer credit on the server: the calculator's route and the credit providers' gateway (the calculator itself is
 * pure, in schema/credit). The app mounts `creditRoutes()` at `/api/order`; the payments hub builds the gateway from
 * `loadCreditConfig(process.env)`.
 */
export { creditRoutes } from './credit-routes.ts';
export { createCreditGateway, CreditApplicationError, type FetchFn } from './credit-gateway.ts';
export { creditConfigSchema, loadCreditConfig, type CreditConfig, type CreditEnv } from './credit-config.ts';
export { APPLICATION_STATUSES, type ApplicationStatus } from './credit-answers.ts';
