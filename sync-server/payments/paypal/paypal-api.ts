import type { PayPalConfig } from './paypal-config.ts';
import { issueOf, tokenAnswerSchema } from './paypal-answers.ts';
import { PayPalError } from './paypal-errors.ts';

/** An answer PayPal gave (any status below 500); the caller validates the body. */
export interface PayPalAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface PayPalApi {
  get(path: string): Promise<PayPalAnswer>;
  /** A POST with PayPal-Request-Id: repeated with the same id, PayPal gives the first answer again. */
  post(path: string, body: unknown, requestId: string): Promise<PayPalAnswer>;
}

/** A token is renewed this long before PayPal says it expires, so none expires between our check and its use. */
const TOKEN_MARGIN_S = 300;

/**
 * PayPal's REST transport: OAuth2 client credentials (the token cached until shortly before it expires, one fetch
 * at a time), JSON bodies, a timeout on every call. A 5xx, a timeout, a network error or a body that is not JSON
 * throws a PayPalError: the caller cannot know whether the call took effect.
 */
export const createPayPalApi = (config: PayPalConfig, fetchFn: typeof fetch): PayPalApi => {
  let token: { value: string; renewAt: number } | undefined;
  let fetching: Promise<string> | undefined;

  const send = async (what: string, url: string, init: RequestInit): Promise<PayPalAnswer> => {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(config.PAYPAL_TIMEOUT_MS) });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new PayPalError(`PayPal ${what}: no answer (${reason})`);
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new PayPalError(`PayPal ${what}: ${response.status} with a body that is not JSON`, response.status);
    }
    if (response.status >= 500 || response.status === 429) {
      const issue = issueOf(body);
      throw new PayPalError(
        `PayPal ${what}: ${response.status} ${issue?.issue ?? ''}`.trim(),
        response.status,
        issue?.issue,
        issue?.debugId,
      );
    }
    return { status: response.status, body };
  };

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${config.PAYPAL_CLIENT_ID}:${config.PAYPAL_SECRET}`).toString('base64');
    const answer = await send('token', `${config.PAYPAL_URL}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200)
      throw new PayPalError(`PayPal token: ${answer.status} (check PAYPAL_CLIENT_ID and PAYPAL_SECRET)`, answer.status);
    const parsed = tokenAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new PayPalError('PayPal token: an answer without a usable access_token');
    const lifeS = parsed.data.expires_in;
    token = {
      value: parsed.data.access_token,
      renewAt: Date.now() + Math.max(lifeS - TOKEN_MARGIN_S, lifeS / 2) * 1000,
    };
    return token.value;
  };

  const accessToken = (): Promise<string> => {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    fetching ??= fetchToken().finally(() => (fetching = undefined));
    return fetching;
  };

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) => {
    const what = `${method} ${path}`;
    const attempt = async () =>
      send(what, `${config.PAYPAL_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json', prefer: 'return=representation' } : {}),
          ...(requestId === undefined ? {} : { 'paypal-request-id': requestId }),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    const first = await attempt();
    if (first.status !== 401) return first;
    // A token revoked or expired early: fetch a new one and ask once more (a POST's Request-Id keeps it one call).
    token = undefined;
    return attempt();
  };

  return {
    get: (path) => call('GET', path),
    post: (path, body, requestId) => call('POST', path, body, requestId),
  };
};
