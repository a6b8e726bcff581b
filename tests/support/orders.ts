import { v4 as uuidv4 } from 'uuid';
import type { Product } from '../../schema/catalog/product.ts';
import type { CheckoutDetailsInput } from '../../schema/checkout/details.ts';
import { checkoutTotals } from '../../schema/checkout/totals.ts';
import type { OrderPlacePayloadInput } from '../../schema/orders/order-commands.ts';

/** Checkout details that pass every rule (a guest paying cash on delivery, delivered by courier). */
export const validDetails = {
  personal: { firstName: 'Мария', lastName: 'Иванова', emailAddress: 'maria@example.com' },
  shipping: {
    firstName: 'Мария',
    lastName: 'Иванова',
    country: 'BG',
    streetAddress: 'ул. Шипка 12',
    city: 'София',
    zipCode: '1000',
    phoneNumber: '0888123456',
    shippingMethod: 'courier',
  },
  payment: { paymentMethod: 'cashondelivery' },
  termsAccepted: true,
} as const satisfies CheckoutDetailsInput;

/** A product as the cart rules see it. */
export const productOf = (sku: string, priceInclTax: number, stockQty = 10, extra: Partial<Product> = {}): Product => ({
  sku,
  name: `Product ${sku}`,
  slug: sku.toLowerCase(),
  priceInclTax,
  isInStock: stockQty > 0,
  stockQty,
  image: '',
  category: 'test',
  serverSeq: 1,
  ...extra,
});

/** An order.place payload of these lines (euro cents as reviewed), its reviewed total computed as the client does. */
export const placePayload = (
  lines: { sku: string; qty: number; unitPriceInclTaxEur: number }[],
  overrides: Partial<OrderPlacePayloadInput> = {},
): OrderPlacePayloadInput => {
  const details = overrides.details ?? validDetails;
  const totals = checkoutTotals({
    lines,
    shipping: details.shipping.shippingMethod,
    payment: details.payment.paymentMethod,
  });
  return {
    orderId: uuidv4(),
    details,
    lines: lines.map((line) => ({ lineId: line.sku, name: line.sku, options: {}, ...line })),
    reviewedTotalEur: totals.grandTotalEur,
    ...overrides,
  };
};
