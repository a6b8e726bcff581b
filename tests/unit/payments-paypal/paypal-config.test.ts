import { describe, expect, it } from 'vitest';
import { loadPayPalConfig } from '../../../sync-server/payments/paypal/index.ts';

const full = {
  PAYPAL_URL: 'http://127.0.0.1:4010/',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_SECRET: 's3cr3t-value',
  PAYPAL_RETURN_BASE: 'https://shop.example.bg/',
};

describe('PayPal configuration (an optional group)', () => {
  it('given none of the variables, then PayPal is not configured', () => {
    expect(loadPayPalConfig({})).toBeUndefined();
  });

  it('given all of them, then addresses lose their trailing slash and the timeout has its default', () => {
    expect(loadPayPalConfig(full)).toEqual({
      PAYPAL_URL: 'http://127.0.0.1:4010',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_SECRET: 's3cr3t-value',
      PAYPAL_RETURN_BASE: 'https://shop.example.bg',
      PAYPAL_TIMEOUT_MS: 15_000,
    });
  });

  it('given some but not all, then start-up fails naming the missing variable and never the secret', () => {
    const { PAYPAL_RETURN_BASE: _, ...partial } = full;
    expect(() => loadPayPalConfig(partial)).toThrow(/PAYPAL_RETURN_BASE/);
    expect(() => loadPayPalConfig(partial)).not.toThrow(/s3cr3t/);
  });

  it('given an address that is not http(s), then it is refused', () => {
    expect(() => loadPayPalConfig({ ...full, PAYPAL_URL: 'ftp://paypal.test' })).toThrow(/PAYPAL_URL/);
  });
});
