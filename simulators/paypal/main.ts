import { stopOnSignals } from '../shared/http.ts';
import { loadSimConfig } from './config.ts';
import { createPayPalSimulator } from './server.ts';

/**
 * The PayPal simulator as a process, on PORT (0: any free port); its first stdout line says where it listens.
 * Env: PAYPAL_SIM_CLIENT_ID and PAYPAL_SIM_SECRET (the one REST app it accepts), PAYPAL_SIM_MERCHANT,
 * PAYPAL_SIM_TOKEN_TTL_S.
 * - PayPal's REST API: POST /v1/oauth2/token; POST /v2/checkout/orders, GET /v2/checkout/orders/{id},
 *   POST /v2/checkout/orders/{id}/capture; GET /v2/payments/captures/{id}, POST /v2/payments/captures/{id}/refund,
 *   GET /v2/payments/refunds/{id}. PayPal-Request-Id on a POST replays the first answer for 6 h.
 * - The payer's page: GET /checkoutnow?token={id} (approve, or a card that will be declined, or cancel; no script).
 * - Test controls: GET /__sim/stats; POST /__sim/faults {dropNextAnswer?, delayMs?, failNextWith?, on?};
 *   POST /__sim/approve {id, decline?, outcome?}; POST /__sim/void {id}; POST /__sim/settle-capture {id, status};
 *   POST /__sim/reset.
 */
const config = loadSimConfig(process.env);
const { server } = createPayPalSimulator(config);

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ listening: `http://${config.HOST}:${address.port}` })}\n`);
});

stopOnSignals(server);
