import { z } from 'zod';
import type { ServerAccess } from '../sync/feature.ts';
import { beginAnswerSchema, type BrowserStep } from './browser-step.ts';

export type BeginOutcome = { ok: true; step: BrowserStep } | { ok: false; status: number; message?: string };

const TIMEOUT_MS = 20_000;
/** An access token expires (15 min) and is renewed by the sync's next push: wait for that, a couple of times. */
const UNAUTHORIZED_RETRIES = 2;
const RETRY_AFTER_MS = 1_500;

/** The server's problem answer: `{code, result: {error, field?}}` (sync-server/http/problem.ts). */
const problemSchema = z.object({ result: z.object({ error: z.string() }) });

const errorMessageOf = async (response: Response): Promise<string | undefined> => {
  try {
    const problem = problemSchema.safeParse(await response.json());
    return problem.success ? problem.data.result.error.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `POST /api/payments/:attemptId/begin` with the device's token (the guest's or the user's): the server makes the
 * attempt's step with the provider (the signed BORICA form, PayPal's approve link) and answers it. The begin is
 * idempotent on the server, so asking again after a lost answer is safe.
 */
export const requestBrowserStep = async (
  server: ServerAccess,
  attemptId: string,
  /** The shopper's interface language: the gateway's page is shown in it (the server reads Accept-Language). */
  language: 'bg' | 'en' = 'bg',
): Promise<BeginOutcome> => {
  const doFetch = server.fetch ?? fetch;
  for (let round = 0; ; round++) {
    const { token } = server.who();
    let response: Response;
    try {
      response = await doFetch(`${server.baseUrl}/api/payments/${encodeURIComponent(attemptId)}/begin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': language,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: '{}',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, status: 0 };
    }
    if (response.status === 401 && round < UNAUTHORIZED_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      continue;
    }
    if (!response.ok) {
      const message = await errorMessageOf(response);
      return { ok: false, status: response.status, ...(message ? { message } : {}) };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, status: response.status };
    }
    const parsed = beginAnswerSchema.safeParse(body);
    if (!parsed.success) {
      console.error('[payments] the begin answer is not a step', parsed.error.issues[0]);
      return { ok: false, status: response.status };
    }
    return { ok: true, step: parsed.data };
  }
};
