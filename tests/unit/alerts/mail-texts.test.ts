import { describe, expect, it } from 'vitest';
import { cartMailText, priceAlertText, productUrl, stockAlertText } from '../../../sync-server/alerts/mail-texts.ts';

const BASE = 'https://shop.example.bg';
const product = { sku: 'APP1', name: 'iPhone 16 Pro', priceInclTax: 249_900 };

describe("alert and list mails' texts", () => {
  it('name the product with its price in euro and leva and an absolute link to its page', () => {
    const bg = stockAlertText(product, 'bg', BASE);
    expect(bg.subject).toBe('Отново в наличност: iPhone 16 Pro');
    expect(bg.body).toContain(`${BASE}/iphone-16-pro-APP1`);
    // 2 499,00 лв. is 1 277,72 € (half-up, 1.95583).
    expect(bg.body).toMatch(/1\s277,72\s€ \(за информация: 2\s499,00\sлв\.\)/);
    const en = stockAlertText(product, 'en', BASE);
    expect(en.subject).toBe('Back in stock: iPhone 16 Pro');
  });

  it('a price alert tells the old and the new price', () => {
    const text = priceAlertText({ ...product, priceInclTax: 199_900 }, 249_900, 'en', BASE);
    expect(text.body).toMatch(
      /from €1,277\.72 \(for information: BGN\s2,499\.00\) to €1,022\.07 \(for information: BGN\s1,999\.00\)/,
    );
  });

  it("the cart's mail lists each line with quantity, unit price and link, and the total", () => {
    const text = cartMailText(
      [
        { sku: 'APP1', name: 'iPhone 16 Pro', qty: 2, unitPriceInclTax: 100_000 },
        { sku: 'APP3', name: 'AirPods', qty: 1, unitPriceInclTax: 49_900 },
      ],
      'bg',
      BASE,
    );
    expect(text.subject).toBe('Вашата количка в Apple Store BG');
    expect(text.body).toContain('2 × iPhone 16 Pro: ');
    expect(text.body).toContain(`${BASE}/airpods-APP3`);
    // Euro per unit, as the cart counts: 2 × 511,29 € + 255,13 €.
    expect(text.body).toMatch(/Общо: 1\s277,71\s€ \(за информация: 2\s498,98\sлв\.\)/);
    // A Cyrillic name makes a percent-encoded link a mail client can follow whole.
    const link = productUrl(BASE, 'Калъф Кожа', 'X1');
    expect(link).toBe(`${BASE}/${encodeURIComponent('калъф-кожа')}-X1`);
    expect(link).not.toMatch(/[^\x21-\x7e]/);
  });
});
