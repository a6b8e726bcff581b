import type { FeatureNotices } from '../sync/feature.ts';

/** What the command notifications say of the cart's commands (spec: the add-to-cart notice and its refusals). */
export const cartNotices: FeatureNotices = {
  // CART_REFUSALS' codes, written out so the first page carries no rules (tests/unit/commands holds them equal).
  refusalCodes: [
    'product_not_found',
    'price_unknown',
    'out_of_stock',
    'insufficient_stock',
    'line_not_found',
    'options_invalid',
    'custom_options_invalid',
    'bundle_options_invalid',
    'coupon_invalid',
    'shipping_method_invalid',
    'payment_method_invalid',
  ],
  successNotice: (command) =>
    command.type === 'cart.addItem'
      ? { key: 'notify.added', action: { labelKey: 'notify.proceedToCheckout', to: '/checkout' } }
      : undefined,
};
