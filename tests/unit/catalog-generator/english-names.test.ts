import { describe, expect, it } from 'vitest';
import type { CatalogSnapshot } from '../../../schema/catalog/snapshot.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';
import { buildAttributes } from '../../../tools/catalog/attributes.ts';
import { buildCategories } from '../../../tools/catalog/categories.ts';
import { buildBanners } from '../../../tools/catalog/content.ts';
import { generateCatalog } from '../../../tools/catalog/generate-catalog.ts';
import { validateSnapshot } from '../../../tools/catalog/validate-snapshot.ts';

/**
 * Issue 19: with English chosen, the storefront shows the catalogue's labels in English. Every word the shop shows
 * as a label (category names, filter and compare names, option labels such as colours, banners) has an English
 * name in the generated and in the demo catalogue; a new category, attribute or option without one fails here.
 */
const CYRILLIC = /[\u0400-\u04ff]/;

const missingEnglish = (snapshot: Pick<CatalogSnapshot, 'categories' | 'attributes' | 'banners'>): string[] => {
  const missing: string[] = [];
  const check = (what: string, en: string | undefined) => {
    if (!en || CYRILLIC.test(en)) missing.push(`${what}: ${en ?? '(none)'}`);
  };
  for (const c of snapshot.categories) check(`category ${c.slug}`, c.name_en);
  for (const a of snapshot.attributes.filter((x) => x.is_filterable || x.is_visible_on_front || x.is_comparable)) {
    check(`attribute ${a.attribute_code}`, a.frontend_label_en);
    for (const o of a.options) check(`option ${a.attribute_code}/${o.slug}`, o.label_en);
  }
  for (const b of snapshot.banners) {
    check(`banner ${b.id} title`, b.title_en);
    if (b.subtitle) check(`banner ${b.id} subtitle`, b.subtitle_en);
  }
  return missing;
};

describe('the catalogue in English', () => {
  it('the generator gives every category, shown attribute, option and banner an English name', () => {
    const generated = {
      categories: buildCategories().categories,
      attributes: buildAttributes(),
      banners: buildBanners(() => undefined),
    };
    expect(missingEnglish(generated)).toEqual([]);
  });

  it('says the English words a shopper expects for a few of them', () => {
    const categories = buildCategories().bySlug;
    expect(categories.get('telefoni')?.name_en).toBe('Phones');
    expect(categories.get('aksesoari')?.name_en).toBe('Accessories');
    const colour = buildAttributes().find((a) => a.attribute_code === 'cvyat');
    expect(colour?.frontend_label_en).toBe('Colour');
    expect(colour?.options.find((o) => o.label === 'Черен')?.label_en).toBe('Black');
    const display = buildAttributes().find((a) => a.attribute_code === 'displey');
    // A decimal comma is a point in English.
    expect(display?.options.find((o) => o.label === '6,1"')?.label_en).toBe('6.1"');
  });

  it('a generated catalogue validates, and its products name their categories in English too', () => {
    const snapshot = generateCatalog({ products: 60, seed: 7, now: new Date('2025-11-20T10:00:00Z') });
    expect(validateSnapshot(snapshot)).toEqual([]);
    const byId = new Map(snapshot.categories.map((c) => [c.id, c]));
    const refs = snapshot.products.flatMap((p) => p.category);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref.name_en).toBe(byId.get(ref.category_id)?.name_en);
  });

  it('the demo catalogue that a fresh test store seeds has English names too', () => {
    const demo = demoCatalog();
    expect(missingEnglish(demo)).toEqual([]);
    for (const ref of demo.products.flatMap((p) => p.category)) expect(ref.name_en).toBeTruthy();
  });
});
