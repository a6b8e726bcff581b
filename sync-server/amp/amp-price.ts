import type { CatalogProduct, ConfigurableChild } from '../../schema/catalog/catalog-product.ts';
import { configurablePrice } from '../../schema/catalog/rules/configurable-price.ts';
import { effectivePrice } from '../../schema/catalog/rules/effective-price.ts';
import { formatPrice } from '../../schema/catalog/rules/format-price.ts';
import { priceDisplaySchema, type PriceDisplay } from '../../schema/catalog/rules/price-display.ts';
import { grossAtProductRate } from '../../schema/search/search-price.ts';
import { markup, type SafeHtml } from './escape-html.ts';

/** The spec's Bulgarian word for a zero or unknown price (the tile's 'очаква се', "awaited"). */
export const AWAITED_PRICE = 'очаква се';

/** What a page shows, VAT included, stotinki: the price to pay and, while on sale, the original struck through. */
export interface ShownPrice {
  readonly final: number;
  readonly original: number | null;
}

/**
 * The price the AMP pages show, by the same rules as the rest of the shop: the chosen variant's price when a
 * child is given; a configurable product's lowest-priced enabled child's (spec section 4); else the product's own,
 * each with the special price only while it applies. The product must carry its VAT figures (`applyTaxRules`).
 */
export const shownPriceOf = (product: CatalogProduct, child: ConfigurableChild | null, now: Date): ShownPrice => {
  const price =
    child !== null
      ? effectivePrice(child, now)
      : ((product.type_id === 'configurable' ? configurablePrice(product, now) : null) ?? effectivePrice(product, now));
  // A child without VAT figures (tax not applied) is priced at its parent's VAT ratio, as search does.
  const gross = (net: number, inclTax: number | null): number => inclTax ?? grossAtProductRate(net, product);
  return {
    final: gross(price.finalPrice, price.finalPriceInclTax),
    original: price.onSale ? gross(price.price, price.priceInclTax) : null,
  };
};

/**
 * The AMP pages show prices as the rest of the shop does: the same setting (VITE_PRICE_DISPLAY, read by the client at
 * build time and here at start), euro first with leva beside by default, since Bulgaria charges in euro (2026).
 */
export const AMP_PRICE_DISPLAY: PriceDisplay = priceDisplaySchema.parse(process.env.VITE_PRICE_DISPLAY ?? 'EUR');

/** An amount in the shop's display (euro, leva beside) as text; zero reads 'очаква се'. */
export const moneyText = (stotinki: number, display: PriceDisplay = AMP_PRICE_DISPLAY): string => {
  const formatted = formatPrice(stotinki, display);
  if (formatted.kind === 'negotiable') return AWAITED_PRICE;
  return formatted.secondary === null ? formatted.primary : `${formatted.primary} ${formatted.secondary}`;
};

/** One amount, the other currency beside it (spec section 9: 'лв.' after the amount; the euro at 1.95583). */
const amountHtml = (stotinki: number, className: string): SafeHtml => {
  const formatted = formatPrice(stotinki, AMP_PRICE_DISPLAY);
  if (formatted.kind === 'negotiable') return markup`<span class="${className}">${AWAITED_PRICE}</span>`;
  const other =
    formatted.secondary === null ? '' : markup` <span class="price__secondary">${formatted.secondary}</span>`;
  return markup`<span class="${className}">${formatted.primary}</span>${other}`;
};

/** The price block: on sale, the special price first and the original struck through; else the one price. */
export const priceHtml = (price: ShownPrice): SafeHtml =>
  price.original === null
    ? markup`<p class="price">${amountHtml(price.final, 'price__final')}</p>`
    : markup`<p class="price price--sale"><span class="visually-hidden">Промоционална цена:</span> ${amountHtml(
        price.final,
        'price__final',
      )} <span class="visually-hidden">Стара цена:</span> <del class="price__original">${amountHtml(
        price.original,
        'price__amount',
      )}</del></p>`;
