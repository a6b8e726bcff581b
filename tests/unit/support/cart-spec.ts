import { expect } from 'vitest';
import { emptyCart, lineIdOf, type Cart, type CartLine, type LineOptions } from '../../../schema/cart/cart.ts';
import {
  CART_REFUSALS,
  applyCartCommand,
  decideCart,
  evolveCart,
  type CartCommand,
  type CartEvent,
  type CartRefusalCode,
} from '../../../schema/cart/cart-rules.ts';
import type { Product } from '../../../schema/catalog/product.ts';
import { shop } from './catalogue.ts';
import { OWNER } from './commands.ts';

/** The event of a line being put in the cart, priced as the product is now. */
export const lineAdded = (product: Product, qty = 1, options: LineOptions = {}): CartEvent => ({
  type: 'cart.lineAdded',
  line: lineOf(product, qty, options),
});

export const lineOf = (product: Product, qty = 1, options: LineOptions = {}): CartLine => ({
  lineId: lineIdOf(product.sku, options),
  sku: product.sku,
  name: product.name,
  qty,
  unitPriceInclTax: product.priceInclTax,
  options,
});

/** A cart built from what happened to it. */
export const cartFrom = (...events: CartEvent[]): Cart => events.reduce(evolveCart, emptyCart(OWNER));

/**
 * Given / when / then over the cart rules, with no I/O:
 *   given(lineAdded(IPHONE)).when(addItem(IPHONE.sku)).then(...events) | .thenRefused(code)
 */
export const given = (...history: CartEvent[] | [Cart]) => {
  const start = isCart(history[0]) ? history[0] : cartFrom(...(history as CartEvent[]));
  return {
    when: (command: CartCommand, products = shop) => {
      const decision = decideCart(command, start, products);
      const applied = applyCartCommand(start, command, products);
      return {
        decision,
        cart: applied.cart,
        then: (...events: CartEvent[]) => {
          expect(decision).toMatchObject({ kind: 'accepted' });
          expect(decision.kind === 'accepted' && decision.events).toEqual(events);
          return applied.cart;
        },
        thenRefused: (code: CartRefusalCode, field?: string) => {
          expect(decision).toEqual({
            kind: 'rejected',
            code,
            message: CART_REFUSALS[code],
            ...(field ? { field } : {}),
          });
          expect(applied.cart.items).toEqual(start.items);
          return applied.cart;
        },
      };
    },
  };
};

const isCart = (value: unknown): value is Cart =>
  typeof value === 'object' && value !== null && 'items' in value && 'owner' in value;
