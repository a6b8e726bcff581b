/**
 * The shop's contact details, the one place they are written (issue 29, item 13): the footer, the contact page,
 * every e-mail's signature, the catalogue's contact block and content pages, and the shop's inbox all read them
 * from here, so a shopper never meets two phone numbers. The shop is fictional; the domain is the one the store's
 * mail is sent from (MAIL_DEFAULTS).
 */
export const SHOP_CONTACT = {
  name: 'Apple Store BG',
  company: 'Ай Стор България ЕООД',
  eik: '204518736',
  phone: '0700 10 800',
  email: 'shop@apple-store.bg',
  /** The mail domain: Message-IDs' right-hand side and the sender's address. */
  domain: 'apple-store.bg',
  address: { bg: 'бул. „Витоша“ 1, 1000 София', en: '1 Vitosha Blvd, 1000 Sofia' },
  hours: {
    bg: 'понеделник – петък 10:00 – 20:00, събота 10:00 – 18:00',
    en: 'Monday – Friday 10:00 – 20:00, Saturday 10:00 – 18:00',
  },
} as const;

export type ContactLanguage = keyof typeof SHOP_CONTACT.address;

/** The phone as a tel: link's target (digits only; the number is a national one). */
export const SHOP_PHONE_HREF = `tel:${SHOP_CONTACT.phone.replace(/\D/g, '')}`;

/** Who the store's mail comes from, as a From header. */
export const SHOP_MAIL_FROM = `${SHOP_CONTACT.name} <${SHOP_CONTACT.email}>`;

/** One line: "тел. 0700 10 800 · shop@apple-store.bg · бул. „Витоша“ 1, 1000 София" (the catalogue's block). */
export const contactLine = (language: ContactLanguage): string =>
  `${language === 'bg' ? 'тел.' : 'phone'} ${SHOP_CONTACT.phone} · ${SHOP_CONTACT.email} · ${SHOP_CONTACT.address[language]}`;
