/**
 * The checkout form's own messages (spec commerce.md section 5: "zip code at least 3", "tax id at least 3", "terms
 * must be accepted"); the rest (names, e-mail, phone, ЕГН, ЕИК, lengths) are the account's (schema/account/messages.ts).
 * A schema's issue carries the Bulgarian text, as the account's do; the client translates it with
 * `checkoutMessageKey` (the i18n key under `checkout.validation`) or `checkoutMessageIn`.
 */
export const CHECKOUT_MESSAGE_TEXTS = {
  bg: {
    zipInvalid: 'Пощенският код трябва да съдържа 4 цифри.',
    termsRequired: 'Трябва да приемете общите условия.',
    shippingMethodUnknown: 'Изберете начин на доставка.',
    paymentMethodUnknown: 'Изберете начин на плащане.',
    officeRequired: 'Изберете офис на куриера.',
    countryUnsupported: 'Доставяме само в България.',
  },
  en: {
    zipInvalid: 'The zip code must have 4 digits.',
    termsRequired: 'You must accept the terms and conditions.',
    shippingMethodUnknown: 'Choose a shipping method.',
    paymentMethodUnknown: 'Choose a payment method.',
    officeRequired: "Choose the courier's office.",
    countryUnsupported: 'We deliver to Bulgaria only.',
  },
} as const satisfies Record<'bg' | 'en', Record<string, string>>;

export type CheckoutMessage = keyof (typeof CHECKOUT_MESSAGE_TEXTS)['bg'];

/** The text a schema puts in its issue: the Bulgarian one. */
export const checkoutText = (message: CheckoutMessage): string => CHECKOUT_MESSAGE_TEXTS.bg[message];

const byBulgarianText = new Map<string, CheckoutMessage>(
  (Object.entries(CHECKOUT_MESSAGE_TEXTS.bg) as [CheckoutMessage, string][]).map(([message, text]) => [text, message]),
);

/** The i18n key of an issue's text, e.g. 'checkout.validation.zipInvalid'. */
export const checkoutMessageKey = (issueMessage: string): `checkout.validation.${CheckoutMessage}` | undefined => {
  const message = byBulgarianText.get(issueMessage);
  return message && `checkout.validation.${message}`;
};

/** An issue's text in the interface language; a text that is not a checkout message comes back unchanged. */
export const checkoutMessageIn = (issueMessage: string, language: 'bg' | 'en'): string => {
  const message = byBulgarianText.get(issueMessage);
  return message ? CHECKOUT_MESSAGE_TEXTS[language][message] : issueMessage;
};
