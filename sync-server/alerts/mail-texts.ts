import type { MailLanguage } from '../../schema/alerts/account-settings.ts';
import { productSlug } from '../../schema/catalog/slug.ts';
import { bgnToEurCents, formatEurWithLev } from '../../schema/money/currency.ts';
import { productPath } from '../../schema/routing/route-paths.ts';

/**
 * The texts of the mails this feature writes, in the owner's language (Bulgarian by default). Plain text: the mail
 * composer (mail/compose.ts) escapes it into HTML and signs it; links are absolute, from PUBLIC_URL.
 */

export interface MailText {
  subject: string;
  body: string;
}

const localeOf = (language: MailLanguage): string => (language === 'en' ? 'en-GB' : 'bg-BG');

/** "1 277,72 € (за информация: 2 498,99 лв.)": euro first (the shop's prices), that euro figure's leva beside. */
export const priceText = (stotinki: number, language: MailLanguage): string =>
  formatEurWithLev(bgnToEurCents(stotinki), localeOf(language));

/** A product's page, absolute. */
export const productUrl = (publicUrl: string, name: string, sku: string): string =>
  `${publicUrl}${productPath(productSlug(name) || 'product', sku)}`;

export interface AlertProduct {
  sku: string;
  name: string;
  /** The price with VAT now, stotinki. */
  priceInclTax: number;
}

export const stockAlertText = (product: AlertProduct, language: MailLanguage, publicUrl: string): MailText => {
  const url = productUrl(publicUrl, product.name, product.sku);
  return language === 'en'
    ? {
        subject: `Back in stock: ${product.name}`,
        body: `Hello,\n\n${product.name} is back in stock, at ${priceText(product.priceInclTax, 'en')}.\n${url}\n\nYou asked to be told when it returns. You can turn this notification off on the product's page.`,
      }
    : {
        subject: `Отново в наличност: ${product.name}`,
        body: `Здравейте,\n\n${product.name} отново е в наличност, на цена ${priceText(product.priceInclTax, 'bg')}.\n${url}\n\nПоискахте да ви известим, когато се върне. Известието се изключва от страницата на продукта.`,
      };
};

export const priceAlertText = (
  product: AlertProduct,
  before: number,
  language: MailLanguage,
  publicUrl: string,
): MailText => {
  const url = productUrl(publicUrl, product.name, product.sku);
  return language === 'en'
    ? {
        subject: `Lower price: ${product.name}`,
        body: `Hello,\n\nThe price of ${product.name} has dropped from ${priceText(before, 'en')} to ${priceText(product.priceInclTax, 'en')}.\n${url}\n\nYou asked to be told of a lower price. You can turn this notification off on the product's page.`,
      }
    : {
        subject: `По-ниска цена: ${product.name}`,
        body: `Здравейте,\n\nЦената на ${product.name} падна от ${priceText(before, 'bg')} на ${priceText(product.priceInclTax, 'bg')}.\n${url}\n\nПоискахте да ви известим за по-ниска цена. Известието се изключва от страницата на продукта.`,
      };
};

export interface ListedLine {
  sku: string;
  name: string;
  qty: number;
  /** Unit price with VAT, stotinki. */
  unitPriceInclTax: number;
}

const linesText = (lines: readonly ListedLine[], language: MailLanguage, publicUrl: string): string =>
  lines
    .map(
      (line) =>
        `${line.qty} × ${line.name}: ${priceText(line.unitPriceInclTax, language)}\n${productUrl(publicUrl, line.name, line.sku)}`,
    )
    .join('\n\n');

/** The lines' total: in euro the lev unit prices converted per unit, as the cart counts it (schema/checkout/totals). */
const totalText = (lines: readonly ListedLine[], language: MailLanguage): string =>
  formatEurWithLev(
    lines.reduce((sum, line) => sum + line.qty * bgnToEurCents(line.unitPriceInclTax), 0),
    localeOf(language),
  );

export const cartMailText = (lines: readonly ListedLine[], language: MailLanguage, publicUrl: string): MailText => {
  const total = totalText(lines, language);
  return language === 'en'
    ? {
        subject: 'Your cart at Apple Store BG',
        body: `Hello,\n\nYour cart, as you asked:\n\n${linesText(lines, 'en', publicUrl)}\n\nTotal: ${total}\n\nTo complete the order: ${publicUrl}/cart`,
      }
    : {
        subject: 'Вашата количка в Apple Store BG',
        body: `Здравейте,\n\nВашата количка, както поискахте:\n\n${linesText(lines, 'bg', publicUrl)}\n\nОбщо: ${total}\n\nЗа да завършите поръчката: ${publicUrl}/cart`,
      };
};

export const wishlistMailText = (lines: readonly ListedLine[], language: MailLanguage, publicUrl: string): MailText =>
  language === 'en'
    ? {
        subject: 'Your wishlist at Apple Store BG',
        body: `Hello,\n\nYour wishlist, as you asked:\n\n${linesText(lines, 'en', publicUrl)}`,
      }
    : {
        subject: 'Вашите любими продукти в Apple Store BG',
        body: `Здравейте,\n\nВашият списък с любими продукти, както поискахте:\n\n${linesText(lines, 'bg', publicUrl)}`,
      };
