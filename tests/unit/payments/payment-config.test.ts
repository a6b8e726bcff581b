import { afterEach, describe, expect, it } from 'vitest';
import { allowPaymentOrigins, appPolicy } from '../../../sync-server/http/security-headers.ts';
import { loadPaymentGateways, paymentOrigins } from '../../../sync-server/payments/payment-config.ts';

/** The payments hub's configuration: providers optional as groups, their origins allowed as form targets. */
describe('payment configuration', () => {
  afterEach(() => allowPaymentOrigins([]));

  it('given no provider variables, then no gateway is configured (online methods are refused at placing)', () => {
    expect(loadPaymentGateways({})).toEqual({});
  });

  it('given a provider group half set, then the start fails naming what is missing', () => {
    expect(() => loadPaymentGateways({ CREDIT_URL: 'http://127.0.0.1:9' })).toThrow(/CREDIT_API_KEY/);
  });

  it("given BORICA's and PayPal's addresses, then the pages may send a form to them, and nowhere else", () => {
    const origins = paymentOrigins({
      BORICA_URL: 'https://3dsgate-dev.borica.bg/cgi-bin',
      PAYPAL_URL: 'http://127.0.0.1:4010',
    });
    expect(origins).toEqual(['https://3dsgate-dev.borica.bg', 'http://127.0.0.1:4010']);
    allowPaymentOrigins(origins);
    const formAction = appPolicy({ styles: [], scripts: [] })
      .split('; ')
      .find((d) => d.startsWith('form-action'));
    expect(formAction).toBe("form-action 'self' https://3dsgate-dev.borica.bg http://127.0.0.1:4010");
    allowPaymentOrigins([]);
    expect(appPolicy({ styles: [], scripts: [] })).toContain("form-action 'self';");
  });
});
