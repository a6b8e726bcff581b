import type { MessageCommand } from '../../schema/messages/message-rules.ts';

/**
 * The mails a message puts in the outbox: to the shop, with everything the shopper wrote (plain text: the mail's
 * HTML part is escaped by sync-server/mail/compose.ts), and a receipt to the sender of an inquiry or a contact
 * message. The receipt repeats nothing the sender wrote, so a form filled in with somebody else's address cannot
 * carry text to them; it says only that the shop has the message. Bulgarian first, then English.
 */
export type MessageMailKind = 'shop-message' | 'message-receipt';

export interface MessageMail {
  kind: MessageMailKind;
  to: string;
  subject: string;
  body: string;
}

/** A sku or a product's name as it may appear in a subject line: letters, digits, a few marks; anything else replaced. */
const subjectSafe = (text: string): string => text.replace(/[^\p{L}\p{N}._ -]/gu, '?').slice(0, 64);

const yesNo = (value: boolean): string => (value ? 'да / yes' : 'не / no');

const lines = (fields: [string, string | undefined][]): string[] =>
  fields.filter(([, value]) => value !== undefined && value !== '').map(([label, value]) => `${label}: ${value}`);

/** "AirPods Pro 3 (APP3)" for the shop, which also wants the sku; the sku alone when the catalogue has no name. */
const productLine = (sku: string, name: string | undefined): string => (name ? `${name} (${sku})` : sku);

export interface ReviewFacts {
  reviewId: number;
  productId: number;
}

/**
 * What the shop receives for a message; `productName`: the name of the product an inquiry or a review is about
 * (issue 29, item 18: mails name products by name); `review`: the id the new review got.
 */
export const shopMail = (
  command: MessageCommand,
  shopTo: string,
  productName?: string,
  review?: ReviewFacts,
): MessageMail => {
  switch (command.type) {
    case 'inquiry.send': {
      const p = command.payload;
      return {
        kind: 'shop-message',
        to: shopTo,
        subject: `Запитване за ${subjectSafe(productName ?? p.sku)} / Product inquiry: ${subjectSafe(productName ?? p.sku)}`,
        body: [
          'Запитване за продукт / Product inquiry',
          '',
          ...lines([
            ['Продукт / Product', productLine(p.sku, productName)],
            ['Име / Name', p.name],
            ['Имейл / E-mail', p.email],
            ['Телефон / Phone', p.phone],
          ]),
          '',
          p.message,
        ].join('\n'),
      };
    }
    case 'contact.send': {
      const p = command.payload;
      return {
        kind: 'shop-message',
        to: shopTo,
        subject: 'Съобщение от формата за контакт / Contact form message',
        body: [
          'Съобщение от формата за контакт / Contact form message',
          '',
          ...lines([
            ['Име / Name', p.name],
            ['Имейл / E-mail', p.email],
            ['Адрес / Address', p.address],
            ['Телефон / Phone', p.phone],
            ['Съгласие за обработка на данните / Consent to data processing', yesNo(p.terms1)],
            ['Съгласие за оферти по имейл / Offers by e-mail', yesNo(p.terms2)],
            ['Съгласие за обаждане / May call back', yesNo(p.terms3)],
          ]),
          '',
          p.message,
        ].join('\n'),
      };
    }
    case 'feedback.send': {
      const p = command.payload;
      return {
        kind: 'shop-message',
        to: shopTo,
        subject: 'Обратна връзка / Feedback',
        body: [
          'Обратна връзка / Feedback',
          '',
          ...lines([
            ['Имейл / E-mail', p.email],
            ['Страница / Page', p.page],
          ]),
          '',
          p.message,
        ].join('\n'),
      };
    }
    case 'review.create': {
      const p = command.payload;
      return {
        kind: 'shop-message',
        to: shopTo,
        subject: `Нов отзив за ${subjectSafe(productName ?? p.sku)} чака одобрение / New review awaiting moderation`,
        body: [
          'Нов отзив чака одобрение / A new review awaits moderation',
          '',
          ...lines([
            ['Отзив № / Review id', review ? String(review.reviewId) : undefined],
            ['Продукт / Product', `${productLine(p.sku, productName)}${review ? `, id ${review.productId}` : ''}`],
            ['Оценка / Rating', `${p.rating} / 5`],
            ['Псевдоним / Nickname', p.nickname],
            ['Заглавие / Title', p.title],
          ]),
          '',
          p.text,
          '',
          'Одобрете или откажете / Approve or refuse: POST /api/operator/reviews/:id/approve | /refuse',
        ].join('\n'),
      };
    }
  }
};

/**
 * The sender's receipt, for messages that carry an address and expect an answer (inquiry, contact); an inquiry's
 * names its product (`productName`, else its sku).
 */
export const receiptMail = (command: MessageCommand, productName?: string): MessageMail | undefined => {
  if (command.type === 'inquiry.send') {
    const product = subjectSafe(productName ?? command.payload.sku);
    return {
      kind: 'message-receipt',
      to: command.payload.email,
      subject: 'Получихме вашето запитване / We have received your inquiry',
      body: [
        `Здравейте,\n\nБлагодарим ви за запитването за ${product}. Ще ви отговорим възможно най-скоро.`,
        '—',
        `Hello,\n\nThank you for your inquiry about ${product}. We will answer as soon as we can.`,
      ].join('\n\n'),
    };
  }
  if (command.type === 'contact.send') {
    return {
      kind: 'message-receipt',
      to: command.payload.email,
      subject: 'Получихме вашето съобщение / We have received your message',
      body: [
        'Здравейте,\n\nБлагодарим ви за съобщението. Ще ви отговорим възможно най-скоро.',
        '—',
        'Hello,\n\nThank you for your message. We will answer as soon as we can.',
      ].join('\n\n'),
    };
  }
  return undefined;
};
