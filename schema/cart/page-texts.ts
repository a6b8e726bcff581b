/**
 * The cart page's texts of issue 16 (i18n namespace `cartPage`), both languages. Here, beside the cart's rules,
 * because the dictionaries import no feature: bg.ts names only their type, and they load with the cart page
 * (client/cart/add-texts.ts); the English ones ride in the English dictionary's own chunk.
 */
const bg = {
  coupon: {
    legend: 'Код за отстъпка',
    label: 'Код за отстъпка',
    apply: 'Приложи',
    applied: 'Приложен код: {{code}}',
    remove: 'Премахни кода',
    checking: 'Проверяваме кода…',
    problem: {
      incorrect: 'Въведеният код за отстъпка е невалиден. Моля, опитайте отново.',
      not_yet_valid: 'Този код за отстъпка още не е валиден.',
      expired: 'Валидността на този код за отстъпка е изтекла.',
      minimum_not_reached: 'Сумата в количката не достига минималната за този код.',
      used_up: 'Този код за отстъпка вече е използван изцяло.',
      used_by_customer: 'Вече сте използвали този код за отстъпка.',
      not_yours: 'Този код за отстъпка е личен и е за друг имейл адрес. Използвайте го с адреса, на който е изпратен.',
    },
  },
  totals: {
    subtotal: 'Междинна сума (с ДДС)',
    discount: 'Отстъпка',
    shipping: 'Доставка',
    payment: 'Такса за плащане',
    tax: 'В т.ч. ДДС (20%)',
    grand_total: 'Обща сума',
    shippingLater: 'Доставката се избира при поръчка.',
    charged: 'Плащате в евро; сумата в лева е за сведение (1 € = 1,95583 лв.).',
  },
  outOfStock: 'Продуктът е изчерпан и не може да бъде добавен в количката! Той остава тук, но не се включва в сумата.',
  configure: {
    change: 'Промени {{attribute}} на {{name}}',
  },
  checkout: 'Към поръчката',
  mini: {
    title: 'Вашата количка',
    close: 'Затвори количката',
    toCart: 'Към количката',
    checkout: 'Поръчай',
  },
};
export type CartPageTexts = typeof bg;

const en: CartPageTexts = {
  coupon: {
    legend: 'Discount code',
    label: 'Discount code',
    apply: 'Apply',
    applied: 'Code applied: {{code}}',
    remove: 'Remove the code',
    checking: 'Checking the code…',
    problem: {
      incorrect: "You've entered an incorrect coupon code. Please try again.",
      not_yet_valid: 'This coupon is not valid yet.',
      expired: 'This coupon has expired.',
      minimum_not_reached: 'The cart does not reach the minimum subtotal for this coupon.',
      used_up: 'This coupon has been used up.',
      used_by_customer: 'You have already used this coupon.',
      not_yours: 'This coupon code belongs to another e-mail address. Use it with the address it was sent to.',
    },
  },
  totals: {
    subtotal: 'Subtotal (incl. VAT)',
    discount: 'Discount',
    shipping: 'Shipping',
    payment: 'Payment fee',
    tax: 'Of which VAT (20%)',
    grand_total: 'Grand total',
    shippingLater: 'Shipping is chosen at checkout.',
    charged: 'You pay in euro; the lev amount is for reference (€1 = BGN 1.95583).',
  },
  outOfStock:
    'The product is out of stock and cannot be added to the cart! It stays here but is not counted in the total.',
  configure: {
    change: 'Change {{attribute}} of {{name}}',
  },
  checkout: 'Proceed to checkout',
  mini: {
    title: 'Your cart',
    close: 'Close the cart',
    toCart: 'View cart',
    checkout: 'Check out',
  },
};

export const cartPageTexts = { bg, en };
