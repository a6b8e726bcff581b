/**
 * The words of the cart's refusals added by issue 16 (coupons, shipping), both languages, spread into each
 * dictionary's `refusal` (client/i18n): short, and shown wherever a refusal arrives, so they ride with the first page.
 * Here, beside the cart's rules, because the dictionaries import no feature.
 */
export const cartRefusalTexts = {
  bg: {
    coupon_invalid: 'Въведеният код за отстъпка е невалиден. Моля, опитайте отново.',
    shipping_method_invalid: 'Този начин на доставка не е наличен.',
    payment_method_invalid: 'Този начин на плащане не е наличен.',
  },
  en: {
    coupon_invalid: "You've entered an incorrect coupon code. Please try again.",
    shipping_method_invalid: 'This shipping method is not available.',
    payment_method_invalid: 'This payment method is not available.',
  },
} as const;
