import { describe, expect, it } from 'vitest';
import { formatBgn, formatEur } from '../../../schema/money/currency.ts';
import { NO_PRODUCTS, renderAmpCategory, type AmpCategoryData } from '../../../sync-server/amp/amp-category-view.ts';
import { NOW, product } from './amp-fixtures.ts';

const data = (input: Partial<AmpCategoryData> = {}): AmpCategoryData => ({
  category: { name: 'MacBook Air', slug: 'macbook-air', meta_title: '', meta_description: '' },
  ancestors: [{ name: 'MacBook', slug: 'macbook' }],
  products: [
    product({ sku: 'MBA-1', name: 'MacBook Air 13"', slug: 'macbook-air-13' }),
    product({ sku: 'MBA-2', name: 'MacBook Air 15"', slug: 'macbook-air-15' }),
  ],
  total: 2,
  now: NOW,
  ...input,
});

describe('renderAmpCategory', () => {
  it('is a whole Bulgarian document with the canonical link to the category page and inline CSS only', () => {
    const page = renderAmpCategory(data());
    expect(page.startsWith('<!doctype html>\n<html lang="bg">')).toBe(true);
    expect(page).toContain('<link rel="canonical" href="/macbook-air">');
    expect(page).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(page).toContain('<style>');
    expect(page).not.toMatch(/<script|<link rel="stylesheet"|@import/);
  });

  it('shows breadcrumbs from Начало, the title, the count and a 4-column grid of AMP product links', () => {
    const page = renderAmpCategory(data());
    expect(page).toMatch(
      /<nav class="breadcrumbs"[^>]*>.*<a itemprop="item" href="\/"><span itemprop="name">Начало<\/span><\/a>.*href="\/amp\/macbook"><span itemprop="name">MacBook<\/span>.*aria-current="page">MacBook Air<\/span>/s,
    );
    expect(page).toContain('<h1>MacBook Air</h1>');
    expect(page).toContain('<p class="count">2 продукта</p>');
    expect(page).toContain('grid-template-columns:repeat(4,minmax(0,1fr))');
    expect(page).toContain('<a href="/amp/MBA-1/macbook-air-13">');
    expect(page).toContain('<h2>MacBook Air 13&quot;</h2>');
    expect(page).toContain('Код: MBA-2');
    expect(page).toContain(formatBgn(120_000));
    expect(page).toContain(formatEur(61_355));
    expect(page).not.toContain(NO_PRODUCTS);
  });

  it('says "1 продукт" for one and links to the full listing when the page holds only part of it', () => {
    expect(renderAmpCategory(data({ products: data().products.slice(0, 1), total: 1 }))).toContain('1 продукт<');
    const partial = renderAmpCategory(data({ total: 120 }));
    expect(partial).toContain('<p class="count">120 продукта</p>');
    expect(partial).toContain('<a class="full-page" href="/macbook-air">Вижте всички 120 продукта</a>');
  });

  it('an empty category shows the message and the hint with the way home', () => {
    const page = renderAmpCategory(data({ products: [], total: 0 }));
    expect(page).toContain(`<strong>${NO_PRODUCTS}</strong>`);
    expect(page).toContain('променете критериите за търсене или посетете <a href="/">началната страница</a>');
    expect(page).toContain('0 продукта');
    expect(page).not.toContain('class="grid"');
  });

  it('escapes catalogue text: a product name cannot add markup', () => {
    const page = renderAmpCategory(data({ products: [product({ name: '<script>alert("x")</script>' })], total: 1 }));
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});
