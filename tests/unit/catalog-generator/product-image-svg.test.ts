import { describe, expect, it } from 'vitest';
import { colourValue } from '../../../tools/catalog/attributes.ts';
import { deviceKindOf, productImageSvg } from '../../../sync-server/catalog/product-image-svg.ts';
import { defaultCatalog } from './catalog-fixture.ts';

describe('productImageSvg', () => {
  it('draws the silhouette by what the name says it is, accessory words first', () => {
    const kind = (name: string) => deviceKindOf({ name });
    expect(kind('MacBook Air 13" M4, 10-ядрен CPU, 16 GB RAM, БДС клавиатура')).toBe('laptop');
    expect(kind('Magic Keyboard за iPad Air 11" (M3), БДС клавиатура, черен')).toBe('keyboard');
    expect(kind('Силиконов калъф с MagSafe за iPhone 17 Pro, син')).toBe('case');
    expect(kind('Спортна каишка за Apple Watch 46 мм, черен')).toBe('band');
    expect(kind('iPhone 17 Pro, 256 GB, космически оранжев')).toBe('phone');
    expect(kind('Разопакован: iMac 24" M4, 8-ядрен CPU, 16 GB RAM, 256 GB, син')).toBe('imac');
    expect(kind('AirPods Max (USB‑C), полунощно син')).toBe('headphones');
    expect(deviceKindOf({ name: 'Final Cut Pro – безсрочен лиценз', type_id: 'downloadable' })).toBe('software');
    expect(deviceKindOf({ name: 'Комплект „Работа навсякъде“: MacBook Air', type_id: 'bundle' })).toBe('bundle');
  });

  it('fills it with the cvyat colour and prints no text: the name is its escaped label only (issue 19)', () => {
    const svg = productImageSvg({
      sku: 'IP17P0001A',
      name: 'iPhone 17 Pro <Ново> & "специално"',
      attributes: { cvyat: colourValue('cosmic-orange') },
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('#e4743a');
    expect(svg).toContain('aria-label="iPhone 17 Pro &lt;Ново&gt; &amp; &quot;специално&quot;"');
    expect(svg).not.toContain('<Ново>');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('IP17P0001A');
  });

  it('is deterministic and draws every generated product, with swatches for a configurable', () => {
    const { products } = defaultCatalog();
    const kinds = new Set<string>();
    for (const p of products) {
      const svg = productImageSvg(p);
      expect(svg).toBe(productImageSvg(p));
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      kinds.add(deviceKindOf(p));
    }
    expect(kinds.size).toBeGreaterThan(20);
    const configurable = products.find(
      (p) => p.type_id === 'configurable' && p.configurable_options[0]!.values.length > 2,
    )!;
    expect((productImageSvg(configurable).match(/<circle cx="[\d.]+" cy="640"/g) ?? []).length).toBe(
      Math.min(8, configurable.configurable_options[0]!.values.length),
    );
  });
});
