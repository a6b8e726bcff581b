import { bgnToEurCents } from '../money/currency.ts';

/**
 * The shipping and payment methods the store offers (spec commerce.md section 3: "A default courier flat rate exists
 * with amount 4 and price incl tax 5"; cash on delivery hidden for virtual or downloadable carts, section 5). Prices
 * are set in leva as the spec gives them and charged in euro (bgnToEurCents, half-up), so every figure here is the
 * euro amount the order charges.
 */

export type ShippingMethodCode = 'courier' | 'courier-office' | 'pickup';
export type PaymentMethodCode = 'cashondelivery' | 'banktransfer' | 'card' | 'paypal' | 'credit';

export interface ShippingMethod {
  readonly code: ShippingMethodCode;
  readonly carrierCode: string;
  readonly methodCode: string;
  /** The i18n key of its title (client texts under `checkout.shipping.*`). */
  readonly titleKey: string;
  /** What the order pays for it, VAT included, in euro cents. */
  readonly priceInclTaxEur: number;
  readonly default?: boolean;
  /** Delivered to a courier's office: the shipping details name the office (`officeName`). */
  readonly needsOffice?: boolean;
}

/**
 * Who takes the payment: 'offline' (paid on delivery or by transfer, nothing to do online), or a provider the
 * store talks to (sync-server/payments/gateway.ts): BORICA's card gateway, PayPal, a consumer-credit provider.
 */
export type PaymentProviderCode = 'offline' | 'borica' | 'paypal' | 'credit';

export interface PaymentMethod {
  readonly code: PaymentMethodCode;
  readonly titleKey: string;
  /** Its fee, VAT included, in euro cents. */
  readonly costInclTaxEur: number;
  /** Paid on delivery or by transfer: the order needs nothing more online. */
  readonly offline: boolean;
  /** Who takes its payment: 'offline', or the provider whose gateway the payments hub calls (sync-server/payments). */
  readonly provider: PaymentProviderCode;
}

/** The spec's flat rate: 4 лв, 5 лв with VAT (500 stotinki). */
const FLAT_RATE_INCL_TAX_STOTINKI = 500;
/** To an office of the courier: cheaper for the courier, so a lower price (our figure; the spec names none). */
const OFFICE_RATE_INCL_TAX_STOTINKI = 400;

export const SHIPPING_METHODS: readonly ShippingMethod[] = [
  {
    code: 'courier',
    carrierCode: 'flatrate',
    methodCode: 'flatrate',
    titleKey: 'checkout.shipping.courier',
    priceInclTaxEur: bgnToEurCents(FLAT_RATE_INCL_TAX_STOTINKI),
    default: true,
  },
  {
    code: 'courier-office',
    carrierCode: 'flatrate',
    methodCode: 'office',
    titleKey: 'checkout.shipping.courierOffice',
    priceInclTaxEur: bgnToEurCents(OFFICE_RATE_INCL_TAX_STOTINKI),
    needsOffice: true,
  },
  {
    code: 'pickup',
    carrierCode: 'pickup',
    methodCode: 'store',
    titleKey: 'checkout.shipping.pickup',
    priceInclTaxEur: 0,
  },
];

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    code: 'cashondelivery',
    titleKey: 'checkout.payment.cashondelivery',
    costInclTaxEur: 0,
    offline: true,
    provider: 'offline',
  },
  {
    code: 'banktransfer',
    titleKey: 'checkout.payment.banktransfer',
    costInclTaxEur: 0,
    offline: true,
    provider: 'offline',
  },
  { code: 'card', titleKey: 'checkout.payment.card', costInclTaxEur: 0, offline: false, provider: 'borica' },
  { code: 'paypal', titleKey: 'checkout.payment.paypal', costInclTaxEur: 0, offline: false, provider: 'paypal' },
  { code: 'credit', titleKey: 'checkout.payment.credit', costInclTaxEur: 0, offline: false, provider: 'credit' },
];

export const SHIPPING_METHOD_CODES = SHIPPING_METHODS.map((m) => m.code) as [
  ShippingMethodCode,
  ...ShippingMethodCode[],
];
export const PAYMENT_METHOD_CODES = PAYMENT_METHODS.map((m) => m.code) as [PaymentMethodCode, ...PaymentMethodCode[]];

export const DEFAULT_SHIPPING_METHOD: ShippingMethod = SHIPPING_METHODS.find((m) => m.default)!;

export const shippingMethodByCode = (code: string): ShippingMethod | undefined =>
  SHIPPING_METHODS.find((m) => m.code === code);

export const paymentMethodByCode = (code: string): PaymentMethod | undefined =>
  PAYMENT_METHODS.find((m) => m.code === code);

/** Product types that never travel: nothing to pay the courier for on delivery. */
const NOT_SHIPPED = new Set(['virtual', 'downloadable']);

/**
 * The payment methods a cart may use: cash on delivery is hidden when every line is virtual or downloadable (spec
 * section 5). An empty cart, or lines whose type is unknown, keep every method.
 */
export const paymentMethodsFor = (lines: readonly { typeId?: string }[]): PaymentMethod[] => {
  const allUnshipped =
    lines.length > 0 && lines.every((line) => line.typeId !== undefined && NOT_SHIPPED.has(line.typeId));
  return PAYMENT_METHODS.filter((m) => !(allUnshipped && m.code === 'cashondelivery'));
};
