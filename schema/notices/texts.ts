import type { OrderChangeKind } from './order-changes.ts';

/**
 * The lasting notices' texts (i18n namespace `lastingNotices`), both languages. Here rather than in client/notices so
 * the dictionaries (client/i18n) can name them; the Bulgarian ones load with the panel (client/notices/add-texts.ts).
 * `order.*`: the changes of an order the shopper did not cause (schema/notices/order-changes.ts), by kind.
 */
const bg = {
  title_one: 'Магазинът ви съобщава',
  title_other: 'Магазинът ви съобщава ({{count}})',
  intro: 'Новини от магазина, които още не сте видели. Остават тук, докато ги прочетете.',
  when: 'Заявено на {{date}}',
  changedAt: 'На {{date}}',
  ok: 'Разбрах',
  okLabel: 'Разбрах: {{message}}',
  all: 'Разбрах всички',
  order: {
    confirmed: 'Поръчка № {{number}} е потвърдена и се подготвя за изпращане.',
    shipped: 'Поръчка № {{number}} е изпратена и пътува към вас.',
    delivered: 'Поръчка № {{number}} е доставена. Благодарим ви за покупката!',
    cancelled: 'Поръчка № {{number}} е анулирана от магазина.',
    payment_awaiting: 'Поръчка № {{number}} очаква плащане. Платете сега, за да не бъде анулирана.',
    payment_paid: 'Плащането по поръчка № {{number}} е получено.',
    payment_declined:
      'Плащането по поръчка № {{number}} не беше успешно. Опитайте отново или изберете плащане при доставка.',
    payment_expired: 'Поръчка № {{number}} е анулирана, защото не беше платена навреме.',
  } satisfies Record<OrderChangeKind, string>,
  view: 'Вижте поръчката',
  viewLabel: 'Вижте поръчката № {{number}}',
  payNow: 'Платете сега',
  payNowLabel: 'Платете сега: поръчка № {{number}}',
};
export type LastingNoticesTexts = typeof bg;

const en: LastingNoticesTexts = {
  title_one: 'A message from the store',
  title_other: 'Messages from the store ({{count}})',
  intro: "News from the store you haven't seen yet. It stays here until you have read it.",
  when: 'Asked on {{date}}',
  changedAt: 'On {{date}}',
  ok: 'Got it',
  okLabel: 'Got it: {{message}}',
  all: 'Got them all',
  order: {
    confirmed: 'Order No. {{number}} is confirmed and being prepared for shipping.',
    shipped: 'Order No. {{number}} has been shipped and is on its way to you.',
    delivered: 'Order No. {{number}} has been delivered. Thank you for your purchase!',
    cancelled: 'Order No. {{number}} has been cancelled by the store.',
    payment_awaiting: 'Order No. {{number}} is waiting for payment. Pay now so that it is not cancelled.',
    payment_paid: 'We have received the payment for order No. {{number}}.',
    payment_declined: 'The payment for order No. {{number}} did not go through. Try again or pay on delivery.',
    payment_expired: 'Order No. {{number}} has been cancelled because it was not paid in time.',
  },
  view: 'View order',
  viewLabel: 'View order No. {{number}}',
  payNow: 'Pay now',
  payNowLabel: 'Pay now: order No. {{number}}',
};

export const lastingNoticesTexts = { bg, en };
