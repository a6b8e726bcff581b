import { describe, expect, it } from 'vitest';
import { chooseHomeData } from '../../../client/catalog/home/use-home-data.ts';
import type { HomeData } from '../../../client/catalog/home/home-data.ts';
import type { CatalogProduct } from '../../../schema/catalog/catalog-product.ts';

const product = (sku: string) => ({ sku, name: sku }) as unknown as CatalogProduct;
const home = (...skus: string[]): HomeData => ({
  slides: [],
  topProducts: skus.map(product),
  bundles: [],
  categories: [],
});

const server = home('APP3', 'IP17-256-BLK');
const device = home('APP3');
const deviceHoldingNothing = home();

describe('what the home shows', () => {
  it('online: the server’s answer, once it has come', () => {
    expect(chooseHomeData(true, server, device)).toEqual({ data: server, source: 'server' });
    expect(chooseHomeData(true, undefined, undefined)).toEqual({ data: undefined, source: undefined });
  });

  it('online but the server did not answer: the device’s catalogue', () => {
    expect(chooseHomeData(true, null, device)).toEqual({ data: device, source: 'device' });
  });

  it('offline: the device’s catalogue', () => {
    expect(chooseHomeData(false, server, device)).toEqual({ data: device, source: 'device' });
    expect(chooseHomeData(false, undefined, device)).toEqual({ data: device, source: 'device' });
  });

  it('offline before the device holds the catalogue: the products already on the page stay', () => {
    expect(chooseHomeData(false, server, deviceHoldingNothing)).toEqual({ data: server, source: 'server' });
    expect(chooseHomeData(false, server, undefined)).toEqual({ data: server, source: 'server' });
  });

  it('offline with nothing from either: the device’s empty catalogue (the page says so)', () => {
    expect(chooseHomeData(false, undefined, deviceHoldingNothing)).toEqual({
      data: deviceHoldingNothing,
      source: 'device',
    });
  });
});
