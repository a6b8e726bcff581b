import { describe, expect, it } from 'vitest';
import { loadCreditConfig } from '../../../sync-server/credit/index.ts';

describe("the credit provider's configuration", () => {
  it('given neither variable, then buying on credit is off', () => {
    expect(loadCreditConfig({})).toBeUndefined();
  });

  it('given both, then the address (without a trailing slash), the key and the default timeout', () => {
    expect(loadCreditConfig({ CREDIT_URL: 'http://127.0.0.1:4010/', CREDIT_API_KEY: 'k-123456' })).toEqual({
      url: 'http://127.0.0.1:4010',
      apiKey: 'k-123456',
      timeoutMs: 15_000,
    });
  });

  it('given only one of them, then the server refuses to start, naming the other', () => {
    expect(() => loadCreditConfig({ CREDIT_URL: 'http://127.0.0.1:4010' })).toThrow(/CREDIT_API_KEY/);
    expect(() => loadCreditConfig({ CREDIT_API_KEY: 'k-123456' })).toThrow(/CREDIT_URL/);
  });

  it('given an address that is no URL, then the variable is named', () => {
    expect(() => loadCreditConfig({ CREDIT_URL: 'not a url', CREDIT_API_KEY: 'k' })).toThrow(/^CREDIT_URL/);
  });
});
