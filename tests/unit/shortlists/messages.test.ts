import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { bg } from '../../../client/i18n/bg.ts';
import { en } from '../../../client/i18n/en.ts';
import { SHORTLIST_MESSAGES } from '../../../client/shortlists/index.ts';

const translator = async (lng: 'bg' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { bg: { translation: bg }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  // Cast as client/ui/notifications.tsx does: the keys are built at run time.
  return (key: string, params?: Record<string, string | number>) =>
    (i18n.t as (k: string, p?: object) => string)(key, params);
};

describe('shortlist messages', () => {
  it("the English texts are the spec's, with the product name put in", async () => {
    const t = await translator('en');
    const productName = 'iPhone 17';
    expect(t(SHORTLIST_MESSAGES.wishlistAdded, { productName })).toBe('Product iPhone 17 has been added to wishlist!');
    expect(t(SHORTLIST_MESSAGES.wishlistRemoved, { productName })).toBe(
      'Product iPhone 17 has been removed from wishlist!',
    );
    expect(t(SHORTLIST_MESSAGES.compareAdded, { productName })).toBe(
      'Product iPhone 17 has been added to the compare!',
    );
    expect(t(SHORTLIST_MESSAGES.compareRemoved, { productName })).toBe(
      'Product iPhone 17 has been removed from compare!',
    );
  });

  it('every key resolves in Bulgarian and English, with every placeholder filled', async () => {
    for (const lng of ['bg', 'en'] as const) {
      const t = await translator(lng);
      for (const key of Object.values(SHORTLIST_MESSAGES)) {
        const text = t(key, { productName: 'MacBook Air', max: 4 });
        expect(text, `${lng} ${key}`).not.toBe(key);
        expect(text, `${lng} ${key}`).not.toContain('{{');
      }
    }
  });

  it('Bulgarian names the product', async () => {
    const t = await translator('bg');
    expect(t(SHORTLIST_MESSAGES.wishlistAdded, { productName: 'iPhone 17' })).toContain('iPhone 17');
  });
});
