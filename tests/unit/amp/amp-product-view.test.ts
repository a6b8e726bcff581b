import { describe, expect, it } from 'vitest';
import { bgnToEurCents, formatEur, formatLevInformation } from '../../../schema/money/currency.ts';
import {
  CHECK_SIZES,
  FULL_PAGE,
  NOT_AVAILABLE,
  renderAmpProduct,
  type AmpProductData,
} from '../../../sync-server/amp/amp-product-view.ts';
import { COLOUR, NOW, product, RAM } from './amp-fixtures.ts';

const data = (input: Partial<AmpProductData> = {}): AmpProductData => ({
  product: product({ attributes: { cvyat: '1' }, description: '<p>Официален внос.</p>' }),
  child: null,
  groupedMembers: [],
  attributes: [RAM, COLOUR],
  now: NOW,
  ...input,
});

/** Both currencies of a VAT-inclusive amount, as the page writes them. */
/** The lev figure is the euro one's, marked as information (issue 29). */
const both = (stotinki: number): [string, string] => [
  formatLevInformation(bgnToEurCents(stotinki)),
  formatEur(bgnToEurCents(stotinki)),
];

describe('renderAmpProduct', () => {
  it('shows the 450x500 gallery, name, sku, price in € with лв. beside, canonical and the full-page link', () => {
    const page = renderAmpProduct(data());
    expect(page).toContain('<html lang="bg">');
    expect(page).toContain('<link rel="canonical" href="/iphone-17-SKU-1">');
    expect(page).toContain('<img src="/images/products/SKU-1.svg" alt="iPhone 17" width="450" height="500">');
    expect(page).toContain('<h1>iPhone 17</h1>');
    expect(page).toContain('<p class="sku">Код: SKU-1</p>');
    const [bgn, eur] = both(120_000);
    expect(page).toContain(`<span class="price__final">${eur}</span> <span class="price__secondary">${bgn}</span>`);
    expect(bgn).toContain('лв.');
    expect(eur).toContain('€');
    expect(page).not.toContain('<del');
    expect(page).toContain(`<a class="full-page" href="/iphone-17-SKU-1">${FULL_PAGE}</a>`);
    expect(page).toMatch(/Начало.*href="\/amp\/iphone"/s);
  });

  it('lists the details: description text and every front attribute by position, N/A when the product has none', () => {
    const page = renderAmpProduct(data());
    expect(page).toContain('<p>Официален внос.</p>');
    expect(page).toContain(`<dl><dt>Цвят</dt><dd>Черен</dd><dt>RAM</dt><dd>${NOT_AVAILABLE}</dd></dl>`);
    const bare = renderAmpProduct(data({ product: product({ description: '' }) }));
    expect(bare).toMatch(new RegExp(`<h3>Описание</h3>\\s*<p>${NOT_AVAILABLE}</p>`));
  });

  it('on sale: the special price and the original struck through, both in € with лв. beside', () => {
    const onSale = product({ special_price: 80_000, specialPriceInclTax: 96_000 });
    const page = renderAmpProduct(data({ product: onSale }));
    const [specialBgn, specialEur] = both(96_000);
    const [originalBgn, originalEur] = both(120_000);
    expect(page).toContain('class="price price--sale"');
    expect(page).toContain(
      `<span class="price__final">${specialEur}</span> <span class="price__secondary">${specialBgn}</span>`,
    );
    expect(page).toContain(
      `<del class="price__original"><span class="price__amount">${originalEur}</span> <span class="price__secondary">${originalBgn}</span></del>`,
    );
  });

  it('a configurable product with a child: the child’s price and sku, its image first, the sizes link', () => {
    const configurable = product({
      type_id: 'configurable',
      configurable_children: [
        {
          id: 11,
          sku: 'C-256',
          name: 'iPhone 17 256',
          image: '/c256.png',
          status: 1,
          price: 100_000,
          priceInclTax: 120_000,
          stock: { is_in_stock: true, qty: 1 },
          attributes: {},
        },
        {
          id: 12,
          sku: 'C-512',
          name: 'iPhone 17 512',
          image: '',
          status: 1,
          price: 150_000,
          priceInclTax: 180_000,
          stock: { is_in_stock: true, qty: 1 },
          attributes: { cvyat: '1' },
        },
      ],
    });
    const child = configurable.configurable_children[1]!;
    const page = renderAmpProduct(data({ product: configurable, child }));
    expect(page).toContain('<p class="sku">Код: C-512</p>');
    expect(page).toContain(formatLevInformation(bgnToEurCents(180_000)));
    expect(page).not.toContain(formatLevInformation(bgnToEurCents(120_000)));
    expect(page).toContain(`>${CHECK_SIZES}</a>`);
    // Without a child the lowest-priced variant's price is shown.
    expect(renderAmpProduct(data({ product: configurable }))).toContain(formatLevInformation(bgnToEurCents(120_000)));
    const first = renderAmpProduct(data({ product: configurable, child: configurable.configurable_children[0]! }));
    expect(first).toMatch(/<div class="gallery"[^>]*><img src="\/c256.png" alt="iPhone 17 256"/);
  });

  it('lists grouped members as AMP links, bundle options and custom options read only', () => {
    const member = product({ sku: 'M-1', name: 'Калъф', slug: 'kalaf', price: 5_000, priceInclTax: 6_000 });
    const grouped = renderAmpProduct(data({ product: product({ type_id: 'grouped' }), groupedMembers: [member] }));
    expect(grouped).toContain('<h2>Продукти в групата</h2>');
    expect(grouped).toContain('<a href="/amp/M-1/kalaf">Калъф</a>');
    expect(grouped).toContain(formatLevInformation(bgnToEurCents(6_000)));

    const bundle = product({
      type_id: 'bundle',
      bundle_options: [
        {
          option_id: 1,
          title: 'Калъф',
          required: true,
          product_links: [{ id: 5, sku: 'CASE', name: 'Кожен калъф', qty: 2, is_default: true, price: 5_000 }],
        },
      ],
      custom_options: [
        {
          option_id: 2,
          title: 'Гравиране',
          type: 'checkbox',
          is_require: false,
          values: [
            { option_type_id: 1, title: 'Име', price: 1_000, price_type: 'fixed' },
            { option_type_id: 2, title: 'Лого', price: 10, price_type: 'percent' },
          ],
        },
      ],
    });
    const page = renderAmpProduct(data({ product: bundle }));
    expect(page).toContain('<h3>Калъф (задължителна)</h3>');
    expect(page).toContain(
      `Кожен калъф × 2 (по подразбиране): ${formatEur(bgnToEurCents(12_000))} ${formatLevInformation(bgnToEurCents(12_000))}`,
    );
    expect(page).toContain('<h3>Гравиране</h3>');
    expect(page).toContain(`<li>Име +${formatEur(bgnToEurCents(1_200))} ${formatLevInformation(bgnToEurCents(1_200))}`);
    expect(page).toContain('<li>Лого +10%</li>');
    expect(page).not.toMatch(/<form|<input|<button/);
  });

  it('escapes HTML in every catalogue field', () => {
    const evil = '"><script>alert(1)</script>';
    const page = renderAmpProduct(
      data({
        product: product({
          name: evil,
          sku: 'S<1>',
          meta_description: evil,
          media_gallery: [{ image: evil, label: evil, vid: null }],
        }),
      }),
    );
    expect(page).not.toContain('<script>');
    // The attribute values stay inside their quotes.
    expect(page).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).toContain('<h1>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('Код: S&lt;1&gt;');
    expect(page).toContain('href="/amp/iphone"');
  });
});
