export { createPayPalGateway, PAYPAL_CANCEL_PATH, PAYPAL_RETURN_PATH } from './paypal-gateway.ts';
export { loadPayPalConfig, payPalConfigSchema, type PayPalConfig } from './paypal-config.ts';
export { PayPalError } from './paypal-errors.ts';
