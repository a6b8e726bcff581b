/**
 * The account settings' interface texts (namespace `alerts`): the newsletter form, the product page's synced
 * notification settings, the "send by e-mail" buttons. client/i18n/bg.ts names only their type: the Bulgarian ones
 * load with the parts that show them (client/alerts/add-texts.ts), the English ones with the English dictionary.
 */
const bg = {
  newsletter: {
    intro: 'Абонирайте се за бюлетина ни и ще получите код за 10% отстъпка, след като потвърдите абонамента по имейл.',
    email: 'Имейл',
    subscribe: 'Абонирай се',
    unsubscribe: 'Отпиши се',
    sending: 'Изпращане...',
    status: {
      none: 'Не сте абонирани за бюлетина.',
      pending: 'Чакаме да потвърдите абонамента с връзката в писмото.',
      subscribed: 'Абонирани сте за бюлетина.',
      unsubscribed: 'Отписали сте се от бюлетина.',
    },
    failed: 'Заявката не можа да бъде изпратена. Проверете връзката и опитайте отново.',
  },
  toggles: {
    account: 'Настройките се пазят в профила ви; ще получите имейл.',
    saved: 'Настройките за известия са запазени.',
  },
  send: {
    cart: 'Изпрати количката на имейла ми',
    wishlist: 'Изпрати списъка на имейла ми',
    cartSent: 'Количката ви беше изпратена на имейла ви.',
    wishlistSent: 'Списъкът ви с желани продукти беше изпратен на имейла ви.',
  },
};

export type AlertsTexts = typeof bg;

const en: AlertsTexts = {
  newsletter: {
    intro: 'Subscribe to our newsletter and get a 10% discount code once you confirm the subscription by e-mail.',
    email: 'E-mail',
    subscribe: 'Subscribe',
    unsubscribe: 'Unsubscribe',
    sending: 'Sending...',
    status: {
      none: 'You are not subscribed to the newsletter.',
      pending: 'We are waiting for you to confirm the subscription with the link in the e-mail.',
      subscribed: 'You are subscribed to the newsletter.',
      unsubscribed: 'You have unsubscribed from the newsletter.',
    },
    failed: 'The request could not be sent. Check the connection and try again.',
  },
  toggles: {
    account: 'These settings are kept on your account; you will get an e-mail.',
    saved: 'Notification settings saved.',
  },
  send: {
    cart: 'Send the cart to my e-mail',
    wishlist: 'Send the wishlist to my e-mail',
    cartSent: 'Your cart has been sent to you by email.',
    wishlistSent: 'Your wishlist has been sent to you by email.',
  },
};

export const alertsTexts = { bg, en } as const;
