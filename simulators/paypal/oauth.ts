import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SimConfig } from './config.ts';
import type { SimAnswer } from './errors.ts';
import { headerOf } from './http-io.ts';
import type { SimState } from './state.ts';

/** OAuth2 client credentials (`POST /v1/oauth2/token`) and the bearer check of every API call. */

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const issueToken = (config: SimConfig, state: SimState, req: IncomingMessage, body: string): SimAnswer => {
  const [scheme, encoded] = (headerOf(req, 'authorization') ?? '').split(' ');
  const [id, ...secret] = Buffer.from(encoded ?? '', 'base64')
    .toString('utf8')
    .split(':');
  const known =
    scheme === 'Basic' &&
    sameSecret(id ?? '', config.PAYPAL_SIM_CLIENT_ID) &&
    sameSecret(secret.join(':'), config.PAYPAL_SIM_SECRET);
  if (!known)
    return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
  if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' },
    };
  const token = `A21AA${randomBytes(24).toString('base64url')}`;
  state.tokens.set(token, Date.now() + config.PAYPAL_SIM_TOKEN_TTL_S * 1000);
  state.stats.tokensIssued += 1;
  return {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SIMULATOR',
      expires_in: config.PAYPAL_SIM_TOKEN_TTL_S,
      nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
    },
  };
};

export const authorised = (state: SimState, req: IncomingMessage): boolean => {
  const [scheme, token] = (headerOf(req, 'authorization') ?? '').split(' ');
  const expires = token === undefined ? undefined : state.tokens.get(token);
  return scheme === 'Bearer' && expires !== undefined && expires > Date.now();
};
