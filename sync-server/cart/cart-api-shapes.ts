import type { Cart } from '../../schema/index.ts';
import { cartCheckoutTotals } from '../../schema/cart/cart-totals.ts';
import type { PaymentMethod, ShippingMethod } from '../../schema/checkout/methods.ts';
import { unitPriceEurOf } from '../../schema/checkout/totals.ts';

/**
 * The spec's answer shapes of the cart calls (Vue Storefront 1's names: `item_id`, `total_segments`, ...), made from
 * the cart document and the one totals function. Money is in euro as decimals, as that API answers; the figures are
 * the euro cents the order charges, divided by 100 only here.
 */

const euro = (cents: number): number => cents / 100;

/** A cart line as /api/cart/pull and /api/cart/update answer it. */
export const apiLineOf = (owner: string, line: Cart['items'][number]) => ({
  sku: line.sku,
  qty: line.qty,
  item_id: line.lineId,
  quote_id: owner,
  name: line.name,
  price_incl_tax: euro(unitPriceEurOf(line.unitPriceInclTax)),
  row_total_incl_tax: euro(unitPriceEurOf(line.unitPriceInclTax) * line.qty),
  product_option: { extension_attributes: { configurable_item_options: line.options } },
});

/** /api/cart/totals: the totals with their segments, the lines, and the coupon and shipping the cart carries. */
export const apiTotalsOf = (cart: Pick<Cart, 'owner' | 'items' | 'coupon' | 'shipping'>) => {
  const totals = cartCheckoutTotals(cart);
  return {
    totals: {
      base_currency_code: 'EUR',
      quote_currency_code: 'EUR',
      subtotal_incl_tax: euro(totals.subtotalInclTaxEur),
      discount_amount: totals.discountEur === 0 ? 0 : euro(-totals.discountEur),
      shipping_incl_tax: euro(totals.shippingEur),
      payment_fee: euro(totals.paymentEur),
      tax_amount: euro(totals.taxEur),
      grand_total: euro(totals.grandTotalEur),
      /** The lev figure for reference only, and the rate it was converted at. */
      grand_total_bgn: totals.grandTotalBgn / 100,
      rate: totals.rate,
      coupon_code: cart.coupon?.code ?? null,
      items_qty: cart.items.reduce((sum, line) => sum + line.qty, 0),
      total_segments: totals.segments.map((s) => ({ code: s.code, value: euro(s.valueEur) })),
      items: cart.items.map((line) => apiLineOf(cart.owner, line)),
    },
    shipping: cart.shipping ?? null,
  };
};

export const apiShippingMethodOf = (method: ShippingMethod) => ({
  code: method.code,
  carrier_code: method.carrierCode,
  method_code: method.methodCode,
  title_key: method.titleKey,
  amount: euro(method.priceInclTaxEur),
  price_incl_tax: euro(method.priceInclTaxEur),
  currency: 'EUR',
  default: method.default ?? false,
});

export const apiPaymentMethodOf = (method: PaymentMethod) => ({
  code: method.code,
  title_key: method.titleKey,
  cost_incl_tax: euro(method.costInclTaxEur),
  currency: 'EUR',
});
