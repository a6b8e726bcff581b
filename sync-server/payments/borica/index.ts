/** BORICA APGW (card payments): the store's side of the protocol. */
export { createBoricaGateway, type BoricaGatewayOptions } from './borica-gateway.ts';
export { boricaConfigSchema, loadBoricaConfig, type BoricaConfig, type BoricaEnv } from './borica-config.ts';
export { cgiLinkOf, type FetchFn } from './borica-call.ts';
export { amountOf, centsOf, timestampOf } from './borica-fields.ts';
export { FORM_TIMEOUT_MS, STATUS_FINAL_AFTER_MS } from './borica-verdict.ts';
export {
  macGeneral,
  requestMacData,
  responseMacData,
  sign,
  verify,
  REQUEST_MAC_FIELDS,
  RESPONSE_MAC_FIELDS,
  STATUS_MAC_FIELDS,
} from './mac-general.ts';
