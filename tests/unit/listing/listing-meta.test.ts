import { describe, expect, it } from 'vitest';
import { listingMetaDescription } from '../../../client/catalog/listing/listing-meta.ts';
import { ATTRIBUTES } from '../routing/fixtures.ts';

const category = (overrides: Partial<Parameters<typeof listingMetaDescription>[0]['category']> = {}) => ({
  meta_description: '',
  description: '',
  filters_metadata: {},
  ...overrides,
});
const FALLBACK = 'MacBook Air в Apple Store България.';

describe('the meta description of a listing', () => {
  it("the category's own meta description", () => {
    const text = listingMetaDescription({
      category: category({ meta_description: ' Леки лаптопи. ', description: '<p>Друго</p>' }),
      filters: {},
      attributes: ATTRIBUTES,
      fallback: FALLBACK,
    });
    expect(text).toBe('Леки лаптопи.');
  });

  it("one filter value with its own SEO texts: that landing page's description", () => {
    const filters_metadata = {
      cvyat: { cheren: { heading: 'Черни', meta_title: 'Черни', meta_description: 'Черни MacBook Air.' } },
    };
    const input = {
      category: category({ meta_description: 'Леки лаптопи.', filters_metadata }),
      attributes: ATTRIBUTES,
      fallback: FALLBACK,
    };
    expect(listingMetaDescription({ ...input, filters: { cvyat: ['201'] } })).toBe('Черни MacBook Air.');
    expect(listingMetaDescription({ ...input, filters: { cvyat: ['202'] } })).toBe('Леки лаптопи.');
    expect(listingMetaDescription({ ...input, filters: { cvyat: ['201'], ram: ['301'] } })).toBe('Леки лаптопи.');
  });

  it('else the description as text cut to 160 characters, else the fallback', () => {
    const long = `<p>${'дума '.repeat(50)}</p>`;
    const text = listingMetaDescription({
      category: category({ description: long }),
      filters: {},
      attributes: ATTRIBUTES,
      fallback: FALLBACK,
    });
    expect(text.endsWith('…')).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(161);
    expect(listingMetaDescription({ category: category(), filters: {}, attributes: [], fallback: FALLBACK })).toBe(
      FALLBACK,
    );
  });
});
