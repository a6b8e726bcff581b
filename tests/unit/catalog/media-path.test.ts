import { describe, expect, it } from 'vitest';
import { catalogMediaPath, sizedImage } from '../../../schema/catalog/media-path.ts';

/** A tile asks a store photo's 310x300 size, not the gallery's 600x744; other pictures come in one size. */
describe('sizedImage', () => {
  const key = 'a'.repeat(32);

  it("swaps the size of the store's catalogue and ad photos", () => {
    expect(sizedImage(catalogMediaPath(key, 'gallery'), 'tile')).toBe(`/media/catalog/${key}/tile.webp`);
    expect(sizedImage(`/media/ads/0199-photo/gallery.webp`, 'large')).toBe('/media/ads/0199-photo/large.webp');
  });

  it('leaves the drawn pictures and any other address as they are', () => {
    for (const image of [
      '/images/products/IP17.svg',
      'https://cdn.example/m/b/x.jpg',
      '/media/catalog/x/y/tile.webp',
    ]) {
      expect(sizedImage(image, 'tile')).toBe(image);
    }
  });
});
