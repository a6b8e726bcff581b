import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { requestBrowserStep } from '../../../client/payments/begin-request.ts';
import { beginAnswerSchema } from '../../../client/payments/browser-step.ts';
import type { ServerAccess } from '../../../client/sync/feature.ts';

const FORM = {
  kind: 'post-form',
  url: 'http://127.0.0.1:4100/cgi-bin/cgi_link',
  fields: { TRTYPE: '1', ORDER: '123456' },
};

const serverAnswering = (status: number, body: unknown, seen: Request[] = []): ServerAccess => ({
  baseUrl: 'http://store.test',
  isOnline: () => true,
  connected$: of(true),
  who: () => ({ token: 'guest-token', customerGroupId: 0 }),
  fetch: (input, init) => {
    seen.push(new Request(input, init));
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  },
});

describe("the begin route's answer", () => {
  it('is taken as the store answers it, or as a bare step', () => {
    expect(beginAnswerSchema.parse({ code: 200, result: { step: FORM } })).toEqual(FORM);
    expect(beginAnswerSchema.parse({ code: 200, result: FORM })).toEqual(FORM);
    expect(
      beginAnswerSchema.parse({ kind: 'redirect', url: 'https://www.sandbox.paypal.com/checkoutnow?token=X' }),
    ).toEqual({ kind: 'redirect', url: 'https://www.sandbox.paypal.com/checkoutnow?token=X' });
    expect(beginAnswerSchema.parse({ result: { step: { kind: 'none' } } })).toEqual({ kind: 'none' });
  });

  it('never leads the browser to a script address or an unknown step', () => {
    expect(beginAnswerSchema.safeParse({ kind: 'redirect', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(beginAnswerSchema.safeParse({ result: { step: { ...FORM, url: 'data:text/html,x' } } }).success).toBe(false);
    expect(beginAnswerSchema.safeParse({ result: { step: { kind: 'popup', url: 'https://x.test' } } }).success).toBe(
      false,
    );
  });
});

describe('asking the server for the browser step', () => {
  it("posts to the attempt's begin route with the device's token and language, and answers the step", async () => {
    const seen: Request[] = [];
    const outcome = await requestBrowserStep(
      serverAnswering(200, { code: 200, result: { step: FORM } }, seen),
      'a-1',
      'en',
    );
    expect(outcome).toEqual({ ok: true, step: FORM });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('http://store.test/api/payments/a-1/begin');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer guest-token');
    // The gateway's page in the shopper's language, whatever the browser's own.
    expect(seen[0]?.headers.get('accept-language')).toBe('en');
  });

  it("answers a refusal with the server's message, and a malformed answer as a failure", async () => {
    expect(
      await requestBrowserStep(
        serverAnswering(404, { code: 404, result: { error: 'Unknown attempt', field: 'attemptId' } }),
        'a-2',
      ),
    ).toEqual({
      ok: false,
      status: 404,
      message: 'Unknown attempt',
    });
    expect(await requestBrowserStep(serverAnswering(200, { code: 200, result: { step: 'go' } }), 'a-3')).toEqual({
      ok: false,
      status: 200,
    });
  });
});
