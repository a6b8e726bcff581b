import { describe, expect, it } from 'vitest';
import { loadBoricaConfig } from '../../../sync-server/payments/borica/borica-config.ts';
import { rsaPair } from './keys.ts';

const merchant = rsaPair();
const gateway = rsaPair();

const full = {
  BORICA_URL: 'https://3dsgate-dev.borica.bg/',
  BORICA_TERMINAL: 'V1800001',
  BORICA_MERCHANT: '1600000001',
  BORICA_MERCH_NAME: 'Apple Store България',
  BORICA_MERCH_URL: 'https://shop.example.bg',
  BORICA_MERCHANT_KEY: merchant.privateKeyPem,
  BORICA_GATEWAY_PUBLIC_KEY: gateway.publicKeyPem,
};

describe('the card gateway’s configuration', () => {
  it('turns card payments off when none of it is set', () => {
    expect(loadBoricaConfig({ PORT: '3000' })).toBeUndefined();
  });

  it('refuses a half configuration, naming what is missing', () => {
    const { BORICA_MERCHANT_KEY: _key, BORICA_MERCHANT: _merchant, ...rest } = full;
    expect(() => loadBoricaConfig(rest)).toThrow(/BORICA_MERCHANT, BORICA_MERCHANT_KEY/);
  });

  it('names a malformed variable', () => {
    expect(() => loadBoricaConfig({ ...full, BORICA_TERMINAL: 'V18' })).toThrow(/BORICA_TERMINAL/);
    expect(() => loadBoricaConfig({ ...full, BORICA_MERCHANT: 'abc' })).toThrow(/BORICA_MERCHANT/);
    expect(() => loadBoricaConfig({ ...full, BORICA_MERCHANT_KEY: '-----BEGIN PRIVATE KEY-----\nxx' })).toThrow(
      /BORICA_MERCHANT_KEY/,
    );
  });

  it('takes keys inline (also with escaped line breaks) or from a file, and trims the URL', () => {
    const inline = loadBoricaConfig({ ...full, BORICA_MERCHANT_KEY: merchant.privateKeyPem.replace(/\n/g, '\\n') });
    expect(inline).toMatchObject({ url: 'https://3dsgate-dev.borica.bg', terminal: 'V1800001', timeoutMs: 15_000 });
    expect(inline?.merchantKeyPem).toBe(merchant.privateKeyPem);
    const files: Record<string, string> = { '/keys/gateway.pem': gateway.publicKeyPem };
    const fromFile = loadBoricaConfig({ ...full, BORICA_GATEWAY_PUBLIC_KEY: '/keys/gateway.pem' }, (p) => {
      const text = files[p];
      if (text === undefined) throw new Error('no such file');
      return text;
    });
    expect(fromFile?.gatewayPublicKeyPem).toBe(gateway.publicKeyPem);
  });
});
