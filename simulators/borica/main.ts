import { listen, stopOnSignals } from '../shared/http.ts';
import { loadConfig } from './config.ts';
import { createGateway } from './gateway.ts';
import { createSimServer } from './server.ts';

/**
 * BORICA APGW simulator: a separate process speaking the gateway's protocol (sale form, 3-D Secure, BACKREF,
 * TRTYPE 90 and 24) with its own keys. Env: PORT (0: any), HOST, BORICA_SIM_TERMINAL, BORICA_SIM_CURRENCY (EUR),
 * BORICA_SIM_PRIVATE_KEY, BORICA_SIM_MERCHANT_PUBLIC_KEY (PEM or path), BORICA_SIM_BACKREF.
 * Prints `{"listening":"http://HOST:PORT"}` as its first line.
 */
const config = loadConfig(process.env);
const server = createSimServer(config, createGateway(config));
stopOnSignals(server);
await listen(server, config.port, config.host);
