import { describe, expect, it } from 'vitest';
import { categorySlug, productSlug, transliterate } from '../../../schema/catalog/slug.ts';

// Spec section 5: "Slugs are made by lower-casing, turning spaces into hyphens, '&' into '-and-', a double quote into
// '-inch', stripping characters other than word characters and hyphens, and collapsing repeated hyphens." and
// "Category route slug: letters, digits and hyphen. Product slug also allows Cyrillic."

describe('product slugs', () => {
  it('given a name with capitals and spaces, then it is lower-cased with hyphens for spaces', () => {
    expect(productSlug('Apple TV 4K')).toBe('apple-tv-4k');
    expect(productSlug('Mac mini')).toBe('mac-mini');
  });

  it('given a double quote, then it becomes "-inch"', () => {
    expect(productSlug('MacBook Air 13" M4')).toBe('macbook-air-13-inch-m4');
  });

  it('given "&", then it becomes "-and-"', () => {
    expect(productSlug('Keyboards & Magic Mouse')).toBe('keyboards-and-magic-mouse');
  });

  it('given punctuation, then it is stripped and the repeated hyphens left behind collapse', () => {
    expect(productSlug('iPad Pro 11" (M4) – Wi-Fi')).toBe('ipad-pro-11-inch-m4-wi-fi');
    expect(productSlug('  A  --  B  ')).toBe('a-b');
  });

  it('given a Bulgarian name, then the Cyrillic letters are kept', () => {
    expect(productSlug('Калъф за iPhone 17 & MagSafe')).toBe('калъф-за-iphone-17-and-magsafe');
    expect(productSlug('USB-C към Lightning кабел (1 m)')).toBe('usb-c-към-lightning-кабел-1-m');
  });
});

describe('category slugs', () => {
  it("given a Bulgarian name, then it is transliterated the way the shop's slugs are: Аксесоари -> aksesoari", () => {
    expect(categorySlug('Аксесоари')).toBe('aksesoari');
    expect(categorySlug('Цвят')).toBe('cvyat');
    expect(categorySlug('Дисплей')).toBe('displey');
    expect(categorySlug('Лаптопи')).toBe('laptopi');
    expect(categorySlug('Таблети')).toBe('tableti');
  });

  it('given the letters with two-letter spellings, then ж, ч, ш, щ, ю, я, ъ follow the same table', () => {
    expect(transliterate('жчшщюяъ')).toBe('zhchshshtyuyaa');
    expect(categorySlug('Щастие Ябълка Жълт')).toBe('shtastie-yabalka-zhalt');
  });

  it('given a name that is already Latin, then the recipe alone applies', () => {
    expect(categorySlug('MacBook Pro')).toBe('macbook-pro');
    expect(categorySlug('Keyboards & Magic Mouse')).toBe('keyboards-and-magic-mouse');
  });

  it('given any name, then the category slug holds only Latin letters, digits and hyphens', () => {
    for (const name of ['Калъф за iPhone 17 & MagSafe', 'iPad 11" (A16)', 'Магазин_2', 'Apple Watch Ultra 3']) {
      expect(categorySlug(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
