import type { ProductLookup } from '../catalog/product.ts';
import type { Cart, CartLine } from './cart.ts';
import { priceLine } from './line-pricing.ts';
import { tieredUnitPrice, type CartPricing } from './tier-pricing.ts';

/**
 * The cart priced for a customer group (spec: "prices in the cart reload on login and logout"): each line the
 * cart rules can still price gets the unit price `cart.addItem` would give it now, for its quantity and the
 * group; a line whose product or options are gone keeps its price (the cart shows it, checkout refuses it).
 * Used when the owner's group changes: a guest's cart joining a user's at login, an operator moving a user.
 */
export const repriceCart = (cart: Cart, products: ProductLookup, pricing: CartPricing): Cart => ({
  ...cart,
  items: cart.items.map((line) => repricedLine(line, products, pricing)),
});

const repricedLine = (line: CartLine, products: ProductLookup, pricing: CartPricing): CartLine => {
  const product = products(line.sku);
  const priced = product ? priceLine(product, line.options) : undefined;
  if (!product || priced?.kind !== 'priced' || priced.line.unitPriceInclTax <= 0) return line;
  const { unitPriceInclTax, tierable } = priced.line;
  return {
    ...line,
    unitPriceInclTax: tierable ? tieredUnitPrice(product, unitPriceInclTax, line.qty, pricing) : unitPriceInclTax,
  };
};
