import type { PayloadOf, TypedCommand } from '../commands/registry.ts';
import type { Product, ProductLookup } from '../catalog/product.ts';
import { paymentMethodByCode, shippingMethodByCode } from '../checkout/methods.ts';
import { checkCoupon, type AppliedCoupon, type Coupon } from '../coupons/coupon.ts';
import { MAX_LINE_QTY, lineIdOf, withAppliedSeq, type Cart, type CartLine, type CartShipping } from './cart.ts';
import { cartSubtotalEur } from './cart-totals.ts';
import { decodeLineOptions } from './line-options.ts';
import { partsShortage, priceLine, type PricedLine } from './line-pricing.ts';
import { siblingWith } from './line-variant.ts';
import { GUEST_PRICING, tieredUnitPrice, type CartPricing } from './tier-pricing.ts';

/**
 * The cart's business rules as pure functions, shared by the server's executor and the client's
 * optimistic view: decide(command, state) -> events or a refusal; evolve(state, event) -> state.
 */

export type CartCommand = TypedCommand<
  | 'cart.addItem'
  | 'cart.updateQty'
  | 'cart.removeItem'
  | 'cart.clear'
  | 'cart.applyCoupon'
  | 'cart.removeCoupon'
  | 'cart.configureLine'
  | 'cart.setShippingInformation'
>;

export type CartEvent =
  | { type: 'cart.lineAdded'; line: CartLine }
  | { type: 'cart.lineQtyChanged'; lineId: string; qty: number; unitPriceInclTax: number }
  | { type: 'cart.lineRemoved'; lineId: string }
  /** A line became another variant, in its place (configureLine without a merge). */
  | { type: 'cart.lineReplaced'; lineId: string; line: CartLine }
  | { type: 'cart.cleared' }
  | { type: 'cart.couponApplied'; coupon: AppliedCoupon }
  | { type: 'cart.couponRemoved' }
  | { type: 'cart.shippingSet'; shipping: CartShipping };

/** A coupon as the server knows it, with its redemptions so far (sync-server/coupons/coupon-store.ts). */
export interface KnownCoupon {
  coupon: Coupon;
  usedTotal: number;
  usedByCustomer: number;
}

/**
 * What the cart rules need besides the cart and the products: the coupons (the server's; a device has none, so a
 * pending coupon changes nothing until the server answers) and the time coupons are checked at.
 */
export interface CartContext {
  coupons?: (code: string) => KnownCoupon | undefined;
  now?: number;
  /**
   * The logged-in owner's account address, which a personal code must be for. A guest's cart has none: its order's
   * checkout address is checked when the order is placed.
   */
  customerEmail?: string;
}

/** A business refusal: shown to the shopper, never an HTTP error. Messages are the spec's wording. */
export const CART_REFUSALS = {
  product_not_found: 'The product is not available.',
  price_unknown: 'Product price is unknown, product cannot be added to the cart!',
  out_of_stock: 'The product is out of stock and cannot be added to the cart!',
  insufficient_stock: 'Not enough units in stock for the requested quantity.',
  line_not_found: 'This product is no longer in the cart.',
  // payload.options: ids the product does not have, or not in the codec of schema/cart/line-options.ts.
  options_invalid: 'The chosen options are not options of this product.',
  // Spec section 5: the product errors when a required custom option or bundle option is not chosen.
  custom_options_invalid: 'Please configure product custom options and fix the validation errors',
  bundle_options_invalid: 'Please configure product bundle options and fix the validation errors',
  // The spec's incorrect-coupon message; checkCoupon's own words for an expired or used-up one.
  coupon_invalid: "You've entered an incorrect coupon code. Please try again.",
  shipping_method_invalid: 'This shipping method is not available.',
  payment_method_invalid: 'This payment method is not available.',
} as const;
export type CartRefusalCode = keyof typeof CART_REFUSALS;

export type CartDecision =
  | { kind: 'accepted'; events: CartEvent[]; result: Record<string, unknown> }
  | { kind: 'rejected'; code: CartRefusalCode; message: string; field?: string };

const refuse = (code: CartRefusalCode, field?: string): CartDecision => ({
  kind: 'rejected',
  code,
  message: CART_REFUSALS[code],
  ...(field ? { field } : {}),
});

export const isCartCommand = (command: TypedCommand): command is CartCommand => command.type.startsWith('cart.');

/**
 * `pricing` is the owner's customer group (tier prices); a caller that does not know it charges guests' prices,
 * never a group's lower ones.
 */
export const decideCart = (
  command: CartCommand,
  cart: Cart,
  products: ProductLookup,
  pricing: CartPricing = GUEST_PRICING,
  context: CartContext = {},
): CartDecision => {
  switch (command.type) {
    case 'cart.addItem':
      return decideAdd(command.payload, cart, products, pricing);
    case 'cart.updateQty':
      return decideUpdate(command.payload, cart, products, pricing);
    case 'cart.removeItem':
      return decideRemove(command.payload, cart, products, pricing);
    case 'cart.clear':
      return {
        kind: 'accepted',
        events: [{ type: 'cart.cleared' }],
        result: { removedLines: cart.items.length },
      };
    case 'cart.applyCoupon':
      return decideApplyCoupon(command.payload, cart, context);
    case 'cart.removeCoupon':
      return {
        kind: 'accepted',
        events: cart.coupon ? [{ type: 'cart.couponRemoved' }] : [],
        result: { removed: cart.coupon !== undefined },
      };
    case 'cart.configureLine':
      return decideConfigure(command.payload, cart, products, pricing);
    case 'cart.setShippingInformation':
      return decideShipping(command.payload);
  }
};

const decideApplyCoupon = (p: PayloadOf<'cart.applyCoupon'>, cart: Cart, context: CartContext): CartDecision => {
  // A device does not know the server's coupons: its view waits for the server's answer.
  if (!context.coupons) return { kind: 'accepted', events: [], result: {} };
  const known = context.coupons(p.code);
  const check = checkCoupon(known?.coupon, {
    subtotalInclTaxEur: cartSubtotalEur(cart),
    now: context.now ?? Date.now(),
    usedTotal: known?.usedTotal ?? 0,
    usedByCustomer: known?.usedByCustomer ?? 0,
    ...(context.customerEmail !== undefined ? { orderEmail: context.customerEmail } : {}),
  });
  if (!check.ok || !known) {
    const message = check.ok ? CART_REFUSALS.coupon_invalid : check.message;
    return { kind: 'rejected', code: 'coupon_invalid', message, field: 'payload.code' };
  }
  const { code, kind, value, minSubtotalEur } = known.coupon;
  const coupon: AppliedCoupon = { code, kind, value, ...(minSubtotalEur !== undefined ? { minSubtotalEur } : {}) };
  return {
    kind: 'accepted',
    events: [{ type: 'cart.couponApplied', coupon }],
    result: { coupon, discountEur: check.discountEur },
  };
};

const decideShipping = (p: PayloadOf<'cart.setShippingInformation'>): CartDecision => {
  if (!shippingMethodByCode(p.method)) return refuse('shipping_method_invalid', 'payload.method');
  if (p.payment !== undefined && !paymentMethodByCode(p.payment))
    return refuse('payment_method_invalid', 'payload.payment');
  return { kind: 'accepted', events: [{ type: 'cart.shippingSet', shipping: p }], result: { method: p.method } };
};

/** The line's own choices (custom options, bundle items) without its attributes, which name the variant. */
const choicesOf = (options: CartLine['options']): CartLine['options'] => {
  const decoded = decodeLineOptions(options);
  if (!decoded) return options;
  return Object.fromEntries(Object.entries(options).filter(([key]) => !Object.hasOwn(decoded.attributes, key)));
};

/**
 * Another variant for a line: the sibling with the changed attributes, priced with the line's own choices. When the
 * cart already holds that variant with the same choices, the two lines become one, quantities summed.
 */
const decideConfigure = (
  p: PayloadOf<'cart.configureLine'>,
  cart: Cart,
  products: ProductLookup,
  groupPricing: CartPricing,
): CartDecision => {
  const line = cart.items.find((l) => l.lineId === p.lineId);
  if (!line) return refuse('line_not_found', 'payload.lineId');
  const product = products(line.sku);
  if (!product) return refuse('product_not_found', 'payload.lineId');
  const choice = siblingWith(product, p.options);
  if (choice.kind === 'refused') return refuse('options_invalid', choice.field);
  if (choice.sku === line.sku) return { kind: 'accepted', events: [], result: { lineId: line.lineId, qty: line.qty } };
  const target = products(choice.sku);
  if (!target) return refuse('product_not_found', 'payload.options');
  const pricing = priceLine(target, choicesOf(line.options));
  if (pricing.kind === 'refused') return refuse(pricing.code, 'payload.lineId');
  if (target.priceInclTax <= 0 || pricing.line.unitPriceInclTax <= 0) return refuse('price_unknown', 'payload.options');
  if (!target.isInStock || target.stockQty <= 0) return refuse('out_of_stock', 'payload.options');
  const lineId = lineIdOf(choice.sku, pricing.line.options);
  const existing = cart.items.find((l) => l.lineId === lineId && l.lineId !== line.lineId);
  const qty = line.qty + (existing?.qty ?? 0);
  if (qty > target.stockQty || qty > MAX_LINE_QTY) return refuse('insufficient_stock', 'payload.options');
  const shortage = partsShortage(pricing.line.parts, qty);
  if (shortage) return refuse(shortage, 'payload.options');
  const unitPriceInclTax = unitPriceAt(target, pricing.line, qty, groupPricing);
  const { labels } = pricing.line;
  const events: CartEvent[] = existing
    ? [
        { type: 'cart.lineRemoved', lineId: line.lineId },
        { type: 'cart.lineQtyChanged', lineId, qty, unitPriceInclTax },
      ]
    : [
        {
          type: 'cart.lineReplaced',
          lineId: line.lineId,
          line: {
            lineId,
            sku: choice.sku,
            name: target.name,
            qty,
            unitPriceInclTax,
            options: pricing.line.options,
            ...(labels.length > 0 ? { labels } : {}),
          },
        },
      ];
  return { kind: 'accepted', events, result: { lineId, qty } };
};

/** What one unit of `qty` units of a priced line costs: its tier for the owner's group when it is a plain line. */
const unitPriceAt = (product: Product, line: PricedLine, qty: number, pricing: CartPricing): number =>
  line.tierable ? tieredUnitPrice(product, line.unitPriceInclTax, qty, pricing) : line.unitPriceInclTax;

const decideAdd = (
  p: PayloadOf<'cart.addItem'>,
  cart: Cart,
  products: ProductLookup,
  groupPricing: CartPricing,
): CartDecision => {
  const product = products(p.sku);
  if (!product) return refuse('product_not_found', 'payload.sku');
  // The line is priced with its options by the page's rules, so the cart charges what the page showed.
  const pricing = priceLine(product, p.options);
  if (pricing.kind === 'refused') return refuse(pricing.code, pricing.field ?? 'payload.options');
  const { unitPriceInclTax: untiered, options, labels, parts } = pricing.line;
  if (product.priceInclTax <= 0 || untiered <= 0) return refuse('price_unknown', 'payload.sku');
  if (!product.isInStock || product.stockQty <= 0) return refuse('out_of_stock', 'payload.sku');
  const lineId = lineIdOf(p.sku, options);
  const existing = cart.items.find((line) => line.lineId === lineId);
  const qty = (existing?.qty ?? 0) + p.qty;
  if (qty > product.stockQty || qty > MAX_LINE_QTY) return refuse('insufficient_stock', 'payload.qty');
  const shortage = partsShortage(parts, qty);
  if (shortage) return refuse(shortage, shortage === 'out_of_stock' ? 'payload.options' : 'payload.qty');
  // Priced at the line's new quantity: adding the fifth unit moves the whole line to a five-unit tier.
  const unitPriceInclTax = unitPriceAt(product, pricing.line, qty, groupPricing);
  const event: CartEvent = existing
    ? { type: 'cart.lineQtyChanged', lineId, qty, unitPriceInclTax }
    : {
        type: 'cart.lineAdded',
        line: {
          lineId,
          sku: p.sku,
          name: product.name,
          qty,
          unitPriceInclTax,
          options,
          ...(labels.length > 0 ? { labels } : {}),
        },
      };
  return { kind: 'accepted', events: [event], result: { lineId, qty } };
};

const decideUpdate = (
  p: PayloadOf<'cart.updateQty'>,
  cart: Cart,
  products: ProductLookup,
  groupPricing: CartPricing,
): CartDecision => {
  const line = cart.items.find((l) => l.lineId === p.lineId);
  if (!line) return refuse('line_not_found', 'payload.lineId');
  const product = products(line.sku);
  if (!product || !product.isInStock) return refuse('out_of_stock', 'payload.lineId');
  if (p.qty > product.stockQty) return refuse('insufficient_stock', 'payload.qty');
  // Re-priced with the line's own options; options the product no longer has leave the line to be removed.
  const pricing = priceLine(product, line.options);
  if (pricing.kind === 'refused') return refuse(pricing.code, 'payload.lineId');
  const shortage = partsShortage(pricing.line.parts, p.qty);
  if (shortage) return refuse(shortage, shortage === 'out_of_stock' ? 'payload.lineId' : 'payload.qty');
  return {
    kind: 'accepted',
    events: [
      {
        type: 'cart.lineQtyChanged',
        lineId: p.lineId,
        qty: p.qty,
        unitPriceInclTax: unitPriceAt(product, pricing.line, p.qty, groupPricing),
      },
    ],
    result: { lineId: p.lineId, qty: p.qty },
  };
};

const decideRemove = (
  p: PayloadOf<'cart.removeItem'>,
  cart: Cart,
  products: ProductLookup,
  groupPricing: CartPricing,
): CartDecision => {
  const line = cart.items.find((l) => l.lineId === p.lineId);
  if (!line) return refuse('line_not_found', 'payload.lineId');
  const remaining = p.qty === undefined ? 0 : Math.max(0, line.qty - p.qty);
  const event: CartEvent =
    remaining === 0
      ? { type: 'cart.lineRemoved', lineId: p.lineId }
      : {
          type: 'cart.lineQtyChanged',
          lineId: p.lineId,
          qty: remaining,
          unitPriceInclTax: remainingUnitPrice(line, remaining, products, groupPricing),
        };
  return { kind: 'accepted', events: [event], result: { lineId: p.lineId, qty: remaining } };
};

/**
 * Removing some units may leave the line below its quantity tier (five units at the five-unit price, two taken
 * out): a plain line of a product with tier prices is re-priced for its new quantity, as changing the quantity
 * does. Any other line keeps its price, as removing always did; removing is never refused for a price.
 */
const remainingUnitPrice = (
  line: CartLine,
  remaining: number,
  products: ProductLookup,
  groupPricing: CartPricing,
): number => {
  const product = products(line.sku);
  const pricing = product ? priceLine(product, line.options) : undefined;
  const tiered = (product?.tierPricesInclTax ?? []).length > 0;
  if (!product || !tiered || pricing?.kind !== 'priced' || !pricing.line.tierable) return line.unitPriceInclTax;
  return unitPriceAt(product, pricing.line, remaining, groupPricing);
};

export const evolveCart = (cart: Cart, event: CartEvent): Cart => {
  switch (event.type) {
    case 'cart.lineAdded':
      return { ...cart, items: [...cart.items, event.line] };
    case 'cart.lineQtyChanged':
      return {
        ...cart,
        items: cart.items.map((line) =>
          line.lineId === event.lineId ? { ...line, qty: event.qty, unitPriceInclTax: event.unitPriceInclTax } : line,
        ),
      };
    case 'cart.lineRemoved':
      return { ...cart, items: cart.items.filter((line) => line.lineId !== event.lineId) };
    case 'cart.lineReplaced':
      return { ...cart, items: cart.items.map((line) => (line.lineId === event.lineId ? event.line : line)) };
    case 'cart.cleared':
      return { ...cart, items: [] };
    case 'cart.couponApplied':
      return { ...cart, coupon: event.coupon };
    case 'cart.couponRemoved': {
      const { coupon: _removed, ...rest } = cart;
      return rest;
    }
    case 'cart.shippingSet':
      return { ...cart, shipping: event.shipping };
  }
};

/**
 * Applies one command to a cart: decide, then evolve, and record the command's seq as applied.
 * A refused command leaves the items as they were (its seq is still recorded: it has been handled).
 */
export const applyCartCommand = (
  cart: Cart,
  command: CartCommand,
  products: ProductLookup,
  pricing: CartPricing = GUEST_PRICING,
  context: CartContext = {},
): { cart: Cart; decision: CartDecision } => {
  const decision = decideCart(command, cart, products, pricing, context);
  const evolved = decision.kind === 'accepted' ? decision.events.reduce(evolveCart, cart) : cart;
  return { cart: withAppliedSeq(evolved, command.clientId, command.seq), decision };
};
