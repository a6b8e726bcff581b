/**
 * The credit form's own messages; names, ЕГН, e-mail, phone and address use the account's (schema/account/messages.ts).
 * A schema's issue carries the Bulgarian text, as the checkout's do; the client translates it with `creditMessageKey`
 * (the i18n key under `credit.validation`).
 */
export const CREDIT_MESSAGE_TEXTS = {
  bg: {
    creditRequired: 'Попълнете данните за кредита.',
    creditNotForMethod: 'Данни за кредит се изпращат само при покупка на кредит.',
    providerUnknown: 'Изберете кредитор.',
    amountInvalid: 'Сумата трябва да е цяло число евроцентове, не по-малко от нула.',
    termRequired: 'Изберете срок на изплащане.',
    termUnavailable: 'Този срок не се предлага за тази сума.',
    figureMismatch: 'Стойността не съвпада с кредитния калкулатор. Изчислете кредита отново.',
    commentTooLong: 'Коментарът може да съдържа най-много 500 знака.',
  },
  en: {
    creditRequired: 'Fill in the credit details.',
    creditNotForMethod: 'Credit details are sent only when buying on credit.',
    providerUnknown: 'Choose a credit provider.',
    amountInvalid: 'The amount must be a whole number of euro cents, not below zero.',
    termRequired: 'Choose a repayment term.',
    termUnavailable: 'This term is not offered for this amount.',
    figureMismatch: 'The figure does not match the credit calculator. Please recalculate the credit.',
    commentTooLong: 'The comment may have at most 500 characters.',
  },
} as const satisfies Record<'bg' | 'en', Record<string, string>>;

export type CreditMessage = keyof (typeof CREDIT_MESSAGE_TEXTS)['bg'];

export const creditText = (message: CreditMessage): string => CREDIT_MESSAGE_TEXTS.bg[message];

const byBulgarianText = new Map<string, CreditMessage>(
  (Object.entries(CREDIT_MESSAGE_TEXTS.bg) as [CreditMessage, string][]).map(([message, text]) => [text, message]),
);

/** The i18n key of an issue's text, e.g. 'credit.validation.termUnavailable'. */
export const creditMessageKey = (issueMessage: string): `credit.validation.${CreditMessage}` | undefined => {
  const message = byBulgarianText.get(issueMessage);
  return message && `credit.validation.${message}`;
};
