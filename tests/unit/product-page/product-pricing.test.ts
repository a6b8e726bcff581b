import { describe, expect, it } from 'vitest';
import { customOptionSchema } from '../../../schema/catalog/catalog-product.ts';
import { bundlePrice } from '../../../schema/catalog/rules/bundle-price.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import { bundleSelectionOf, initialBundleState } from '../../../client/catalog/product/bundle-state.ts';
import { galleryImagesOf } from '../../../schema/catalog/gallery-images.ts';
import { impliedVatRate } from '../../../schema/catalog/tax.ts';
import { customOptionsPriceInclTax } from '../../../client/catalog/product/product-pricing.ts';

describe('the VAT rate the catalogue applied to a product', () => {
  it('given net and tax figures, then the rate is read back from them', () => {
    expect(impliedVatRate({ price: 133_250, priceTax: 26_650 })).toBe(20);
  });

  it('given no price, then Bulgaria’s standard rate', () => {
    expect(impliedVatRate({ price: 0, priceTax: 0 })).toBe(20);
  });
});

// Apple Watch Ultra 3: 1 599 лв. with VAT (133 250 net); AppleCare+ 165 лв. net, 198 лв. with VAT.
const APPLECARE = customOptionSchema.parse({
  option_id: 2,
  title: 'AppleCare+',
  type: 'checkbox',
  is_require: false,
  values: [{ option_type_id: 21, title: 'AppleCare+', price: 16_500, price_type: 'fixed' }],
});
const watch = effectivePrice(
  { price: 133_250, priceInclTax: 159_900, special_price: null, special_from_date: null, special_to_date: null },
  new Date(),
);

describe('the live price with custom options, with VAT', () => {
  it('given nothing chosen, then it is exactly the shown price', () => {
    expect(customOptionsPriceInclTax(watch, [APPLECARE], {}, 20)).toBe(159_900);
  });

  it('given an option chosen, then its price with VAT is added', () => {
    expect(customOptionsPriceInclTax(watch, [APPLECARE], { 2: [21] }, 20)).toBe(159_900 + 19_800);
  });
});

const bundle = {
  bundle_options: [
    {
      option_id: 1,
      title: 'Компютър',
      required: true,
      type: 'radio' as const,
      product_links: [
        { id: 1, sku: 'A', qty: 1, is_default: false, price: 100_000, name: 'A', image: '' },
        { id: 2, sku: 'B', qty: 2, is_default: true, price: 150_000, name: 'B', image: '' },
      ],
    },
  ],
};

describe('the bundle form', () => {
  it('given a bundle, then it starts with each option’s default item at its quantity', () => {
    expect(initialBundleState(bundle)).toEqual({ 1: { linkIds: [2], qtyText: '2' } });
    expect(bundlePrice(bundle, bundleSelectionOf(initialBundleState(bundle)))).toBe(300_000);
  });

  it('given a quantity that is not a whole number, then the option counts for nothing', () => {
    expect(bundlePrice(bundle, bundleSelectionOf({ 1: { linkIds: [2], qtyText: '1.5' } }))).toBe(0);
    expect(bundlePrice(bundle, bundleSelectionOf({ 1: { linkIds: [1], qtyText: '3' } }))).toBe(300_000);
  });
});

describe('the gallery’s pictures', () => {
  const product = {
    name: 'Watch',
    image: '/main.svg',
    media_gallery: [
      { image: '/front.svg', label: 'Front', vid: null },
      { image: '', label: 'Video', vid: 'https://video' },
      { image: '/front.svg', label: 'Again', vid: null },
    ],
  };

  it('given a gallery, then its pictures once each, a video-only item left out, the variant’s picture first', () => {
    expect(galleryImagesOf(product, '/variant.svg')).toEqual([
      { image: '/variant.svg', label: 'Watch' },
      { image: '/front.svg', label: 'Front' },
    ]);
  });

  it('given no gallery, then the main image', () => {
    expect(galleryImagesOf({ ...product, media_gallery: [] })).toEqual([{ image: '/main.svg', label: 'Watch' }]);
  });
});
