import {
  CITY_MAX,
  COMPANY_MAX,
  EMAIL_MAX,
  FIRST_NAME_MAX,
  FULL_NAME_MAX,
  LAST_NAME_MAX,
  NAME_MIN_LETTERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  STREET_MAX,
} from './limits.ts';

/**
 * The account forms' messages (spec commerce.md section 5, "Form messages from the dictionary"). A schema's issue
 * carries the Bulgarian text, the store's default language, so `describeZodError` gives a sentence a shopper can
 * read ("customer.firstname: Името трябва…"). The client translates it with `accountMessageKey` (the i18n key under
 * `account.validation`) or `accountMessageIn`; its dictionaries can take these tables as they are.
 */
export const ACCOUNT_MESSAGE_TEXTS = {
  bg: {
    required: 'Полето е задължително.',
    nameTooShort: `Името трябва да съдържа поне ${NAME_MIN_LETTERS} букви.`,
    nameCharacters: 'Името може да съдържа само букви на кирилица или латиница, тире, апостроф и интервал.',
    firstNameTooLong: `Името може да съдържа най-много ${FIRST_NAME_MAX} знака.`,
    lastNameTooLong: `Фамилията може да съдържа най-много ${LAST_NAME_MAX} знака.`,
    fullNameTooLong: `Пълното име може да съдържа най-много ${FULL_NAME_MAX} знака.`,
    emailInvalid: 'Моля, въведете валиден имейл адрес.',
    emailTooLong: `Имейл адресът може да съдържа най-много ${EMAIL_MAX} знака.`,
    phoneInvalid: 'Моля, въведете валиден български телефонен номер.',
    passwordTooShort: `Паролата трябва да съдържа поне ${PASSWORD_MIN} знака.`,
    passwordTooLong: `Паролата може да съдържа най-много ${PASSWORD_MAX} знака.`,
    passwordsDiffer: 'Паролите трябва да са еднакви.',
    egnInvalid: 'ЕГН трябва да съдържа само цифри и да е валидно.',
    eikInvalid: 'ЕИК (БУЛСТАТ) трябва да съдържа само цифри и да е валиден.',
    vatNumberInvalid: 'ДДС номерът трябва да е BG, последвано от валиден ЕИК или ЕГН.',
    companyTooLong: `Името на фирмата може да съдържа най-много ${COMPANY_MAX} знака.`,
    streetTooLong: `Адресът може да съдържа най-много ${STREET_MAX} знака.`,
    cityTooLong: `Населеното място може да съдържа най-много ${CITY_MAX} знака.`,
  },
  en: {
    required: 'This field is required.',
    nameTooShort: `Name must have at least ${NAME_MIN_LETTERS} letters.`,
    nameCharacters: 'Name may only contain Cyrillic or Latin letters, hyphens, apostrophes and spaces.',
    firstNameTooLong: `Name may have at most ${FIRST_NAME_MAX} characters.`,
    lastNameTooLong: `Last name may have at most ${LAST_NAME_MAX} characters.`,
    fullNameTooLong: `Full name may have at most ${FULL_NAME_MAX} characters.`,
    emailInvalid: 'Please enter a valid e-mail address.',
    emailTooLong: `E-mail may have at most ${EMAIL_MAX} characters.`,
    phoneInvalid: 'Please enter a valid Bulgarian phone number.',
    passwordTooShort: `Password must have at least ${PASSWORD_MIN} characters.`,
    passwordTooLong: `Password may have at most ${PASSWORD_MAX} characters.`,
    passwordsDiffer: 'Passwords must be identical.',
    egnInvalid: 'The ID number must contain digits only and be valid.',
    eikInvalid: 'The company ID (EIK/BULSTAT) must contain digits only and be valid.',
    vatNumberInvalid: 'The VAT number must be BG followed by a valid EIK or ID number.',
    companyTooLong: `Company name may have at most ${COMPANY_MAX} characters.`,
    streetTooLong: `Street may have at most ${STREET_MAX} characters.`,
    cityTooLong: `City may have at most ${CITY_MAX} characters.`,
  },
} as const satisfies Record<'bg' | 'en', Record<string, string>>;

export type AccountMessage = keyof (typeof ACCOUNT_MESSAGE_TEXTS)['bg'];
export type AccountMessageLanguage = keyof typeof ACCOUNT_MESSAGE_TEXTS;

/** The text a schema puts in its issue: the Bulgarian one. */
export const accountText = (message: AccountMessage): string => ACCOUNT_MESSAGE_TEXTS.bg[message];

const messageByBulgarianText = new Map<string, AccountMessage>(
  (Object.entries(ACCOUNT_MESSAGE_TEXTS.bg) as [AccountMessage, string][]).map(([message, text]) => [text, message]),
);

/** Which account message an issue's text is, if it is one (zod's own texts, such as an extra field's, are not). */
export const accountMessageOf = (issueMessage: string): AccountMessage | undefined =>
  messageByBulgarianText.get(issueMessage);

/** The i18n key of an issue's text, e.g. 'account.validation.nameTooShort'. */
export const accountMessageKey = (issueMessage: string): `account.validation.${AccountMessage}` | undefined => {
  const message = accountMessageOf(issueMessage);
  return message && `account.validation.${message}`;
};

/** An issue's text in the interface language; a text that is not an account message comes back unchanged. */
export const accountMessageIn = (issueMessage: string, language: AccountMessageLanguage): string => {
  const message = accountMessageOf(issueMessage);
  return message ? ACCOUNT_MESSAGE_TEXTS[language][message] : issueMessage;
};
