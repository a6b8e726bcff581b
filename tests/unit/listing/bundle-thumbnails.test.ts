import { describe, expect, it } from 'vitest';
import { bundleThumbnails } from '../../../schema/catalog/tile/bundle-thumbnails.ts';
import { catalogProduct } from '../catalog/fixtures.ts';

const link = (sku: string, is_default: boolean, image = `/img/${sku}.svg`) => ({
  id: sku.length,
  sku,
  qty: 1,
  is_default,
  price: 1000,
  name: `Име ${sku}`,
  image,
});

describe('spec: "bundle thumbnails of 60x60"', () => {
  it('each linked product once, option by option, the default choice first; no picture, no thumbnail', () => {
    const bundle = catalogProduct({
      type_id: 'bundle',
      bundle_options: [
        { option_id: 1, title: 'Лаптоп', required: true, product_links: [link('MBA', false), link('MBP', true)] },
        { option_id: 2, title: 'Калъф', required: false, product_links: [link('CASE', false), link('MBA', true)] },
        { option_id: 3, title: 'Кабел', required: false, product_links: [link('NOPIC', true, '')] },
      ],
    });
    expect(bundleThumbnails(bundle)).toEqual([
      { sku: 'MBP', name: 'Име MBP', image: '/img/MBP.svg' },
      { sku: 'MBA', name: 'Име MBA', image: '/img/MBA.svg' },
      { sku: 'CASE', name: 'Име CASE', image: '/img/CASE.svg' },
    ]);
    expect(bundleThumbnails(bundle, 2).map((t) => t.sku)).toEqual(['MBP', 'MBA']);
  });

  it('a product without bundle options has none', () => {
    expect(bundleThumbnails(catalogProduct())).toEqual([]);
  });
});
