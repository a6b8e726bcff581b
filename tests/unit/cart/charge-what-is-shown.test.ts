import { describe, expect, it } from 'vitest';
import { decideCart } from '../../../schema/cart/cart-rules.ts';
import { effectivePrice } from '../../../schema/catalog/rules/effective-price.ts';
import type { CustomOptionAnswers } from '../../../schema/catalog/rules/custom-options.ts';
import { emptyCart } from '../../../schema/cart/cart.ts';
import { cartProductOf, cartProductsOf } from '../../../sync-server/catalog/cart-product.ts';
import { demoCatalog } from '../../../sync-server/catalog/demo-catalog.ts';
import { bundlePrice } from '../../../schema/catalog/rules/bundle-price.ts';
import { addTax } from '../../../schema/catalog/tax.ts';
import { bundleLineOptions, customOptionsLineOptions } from '../../../client/catalog/product/cart-line-options.ts';
import { impliedVatRate } from '../../../schema/catalog/tax.ts';
import { customOptionsPriceInclTax } from '../../../client/catalog/product/product-pricing.ts';
import { addItem, OWNER } from '../support/commands.ts';

/**
 * A store must charge what it shows: the page's live price (client/catalog/product) and the price the cart rules
 * give the line, with the server's view of the product (sync-server/catalog/cart-product.ts), are the same figure.
 */
const NOW = new Date('2026-11-21T12:00:00Z');
const catalogue = demoCatalog();
const WATCH = catalogue.products.find((p) => p.sku === 'AWU3-49-TI')!;
const BUNDLE = catalogue.products.find((p) => p.sku === 'BNDL-MBA-APP3')!;
const context = { taxRules: catalogue.taxRules, now: NOW };

describe('the demo watch with AppleCare+ and an engraving costs in the cart what its page shows', () => {
  it('given the page’s choices, when added, then the line’s unit price is the page’s live price', () => {
    // Band M, AppleCare+ ticked, an engraving: 1 599 + 198 + 48 = 1 845 лв. on the page.
    const answers: CustomOptionAnswers = { 1: 12, 2: [21], 3: 'За Мария' };
    const shown = customOptionsPriceInclTax(
      effectivePrice(WATCH, NOW),
      WATCH.custom_options,
      answers,
      impliedVatRate(WATCH),
    );
    expect(shown).toBe(184_500);

    const product = cartProductOf(WATCH, WATCH.sku, { taxRules: catalogue.taxRules, now: NOW }, 1);
    const options = customOptionsLineOptions(WATCH.custom_options, answers);
    const decision = decideCart(addItem(WATCH.sku, 1, options), emptyCart(OWNER), (sku) =>
      sku === WATCH.sku ? product : undefined,
    );
    expect(decision).toMatchObject({ kind: 'accepted', events: [{ line: { unitPriceInclTax: shown } }] });
  });
});

describe('the demo bundle costs in the cart what its page shows', () => {
  it('given the MacBook Pro and two AirPods chosen on the page, when added, then the line costs the page’s price', () => {
    const selection = { 1: { linkIds: [2], qty: 1 }, 2: { linkIds: [3], qty: 2 } };
    const shown = addTax(bundlePrice(BUNDLE, selection), impliedVatRate(BUNDLE));
    expect(shown).toBe(426_000 + 90_000);
    const product = cartProductOf(BUNDLE, BUNDLE.sku, context, 1);
    const decision = decideCart(
      addItem(BUNDLE.sku, 1, bundleLineOptions(BUNDLE.bundle_options, selection)),
      emptyCart(OWNER),
      (sku) => (sku === BUNDLE.sku ? product : undefined),
    );
    expect(decision).toMatchObject({ kind: 'accepted', events: [{ line: { unitPriceInclTax: shown } }] });
  });
});

describe('the product documents the client pulls price option lines as the server does', () => {
  it('given the demo watch and bundle, then the pulled documents carry the options the server prices by', () => {
    for (const doc of [WATCH, BUNDLE]) {
      const [pulled] = cartProductsOf(doc, context, 1, new Map());
      expect(pulled?.options).toEqual(cartProductOf(doc, doc.sku, context, 1)?.options);
      expect(pulled?.options).toBeDefined();
    }
  });
});
