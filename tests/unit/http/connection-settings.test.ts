import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../sync-server/config.ts';
import { socketTimeouts } from '../../../sync-server/http/socket-timeouts.ts';

describe('the connection cap and the headers timeout, as configured', () => {
  it('default to 256 connections an address and 10 s for a request’s headers', () => {
    expect(loadConfig({})).toMatchObject({ CONNECTIONS_PER_ADDRESS_MAX: 256, HEADERS_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ CONNECTIONS_PER_ADDRESS_MAX: '0', HEADERS_TIMEOUT_MS: '2500' })).toMatchObject({
      CONNECTIONS_PER_ADDRESS_MAX: 0,
      HEADERS_TIMEOUT_MS: 2500,
    });
  });

  it('a bad value stops the start with the variable named', () => {
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS_MAX: '-1' })).toThrow(/CONNECTIONS_PER_ADDRESS_MAX/);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS_MAX: 'many' })).toThrow(/CONNECTIONS_PER_ADDRESS_MAX/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '600000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('node:http checks for expired headers often enough to close a socket soon after its timeout', () => {
    expect(socketTimeouts(10_000)).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 300_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(socketTimeouts(300).connectionsCheckingInterval).toBe(75);
  });
});
